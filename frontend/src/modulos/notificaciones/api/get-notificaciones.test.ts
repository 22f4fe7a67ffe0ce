import { describe, expect, it } from 'vitest';
import { notificacionDe } from '@/testing/datos';
import { agregarNotificacion, MAX_NOTIFICACIONES, sinLeer } from './get-notificaciones';

describe('the bell list', () => {
  it('puts a pushed notification first', () => {
    const lista = [notificacionDe({ _id: 'a' }), notificacionDe({ _id: 'b' })];
    expect(agregarNotificacion(lista, notificacionDe({ _id: 'c' })).map((n) => n._id)).toEqual(['c', 'a', 'b']);
  });

  it('holds one copy of a notification that arrives twice (a replay after reconnecting)', () => {
    const lista = [notificacionDe({ _id: 'a' }), notificacionDe({ _id: 'b' })];
    expect(agregarNotificacion(lista, notificacionDe({ _id: 'b', isRead: true })).map((n) => [n._id, n.isRead])).toEqual([
      ['b', true],
      ['a', false],
    ]);
  });

  it('keeps the newest 100', () => {
    const lista = Array.from({ length: MAX_NOTIFICACIONES }, (_, i) => notificacionDe({ _id: `n${i}` }));
    const nueva = agregarNotificacion(lista, notificacionDe({ _id: 'nueva' }));
    expect(nueva).toHaveLength(MAX_NOTIFICACIONES);
    expect(nueva[0]?._id).toBe('nueva');
    expect(nueva.at(-1)?._id).toBe(`n${MAX_NOTIFICACIONES - 2}`);
  });

  it('counts the unread ones', () => {
    expect(sinLeer([notificacionDe({ isRead: false }), notificacionDe({ isRead: true }), notificacionDe({ isRead: false })])).toBe(2);
    expect(sinLeer([])).toBe(0);
  });
});
