import { describe, expect, it } from 'vitest';
import { minutosRetraso, minutosRetrasoHora, retrasoDe, textoRetraso } from './retraso';

describe('a late party', () => {
  it('is not late at its time, nor within its first minute', () => {
    expect(minutosRetraso('2026-11-27 20:00', '2026-11-27 20:00')).toBeNull();
    expect(minutosRetraso('2026-11-27 20:00', '2026-11-27 19:40')).toBeNull();
    expect(minutosRetraso('2026-11-27 20:00:00', '2026-11-27 20:00:59')).toBeNull();
  });

  it('is late by whole minutes from the first one', () => {
    expect(minutosRetraso('2026-11-27 20:00', '2026-11-27 20:01')).toBe(1);
    expect(minutosRetraso('2026-11-27 20:00', '2026-11-27 20:04')).toBe(4);
    expect(minutosRetraso('2026-11-27T20:00:00', '2026-11-27 20:04:59')).toBe(4);
    expect(minutosRetraso('2026-11-27 20:00', '2026-11-27 20:59')).toBe(59);
  });

  it('counts across midnight', () => {
    expect(minutosRetraso('2026-11-27 23:50', '2026-11-28 00:05')).toBe(15);
    expect(minutosRetraso('2026-11-28 00:10', '2026-11-27 23:55')).toBeNull();
    expect(minutosRetrasoHora('23:50', '2026-11-28 00:05')).toBe(15);
    expect(minutosRetrasoHora('00:10', '2026-11-27 23:55')).toBeNull();
    expect(minutosRetrasoHora('00:01', '2026-11-28 00:05')).toBe(4);
  });

  it('reads the floor\'s time alone at 0, 1, 4 and 59 minutes', () => {
    expect(minutosRetrasoHora('20:10', '2026-11-27 20:10')).toBeNull();
    expect(minutosRetrasoHora('20:10', '2026-11-27 20:11')).toBe(1);
    expect(minutosRetrasoHora('20:10', '2026-11-27 20:14')).toBe(4);
    expect(minutosRetrasoHora('20:10', '2026-11-27 21:09')).toBe(59);
    expect(minutosRetrasoHora('21:30', '2026-11-27 20:10')).toBeNull();
  });

  it('is only a Pendiente one', () => {
    expect(retrasoDe({ status: 'Pendiente', fecha_hora: '2026-11-27 20:00' }, '2026-11-27 20:04')).toBe(4);
    expect(retrasoDe({ status: 'Asistio', fecha_hora: '2026-11-27 20:00' }, '2026-11-27 20:04')).toBeNull();
    expect(retrasoDe({ status: 'Cancelado', fecha_hora: '2026-11-27 20:00' }, '2026-11-27 20:04')).toBeNull();
  });

  it('leaves an unreadable value alone', () => {
    expect(minutosRetraso('mañana', '2026-11-27 20:04')).toBeNull();
    expect(minutosRetrasoHora('25:99', '2026-11-27 20:04')).toBeNull();
  });

  it('reads «Retrasada N min»', () => {
    expect(textoRetraso(4)).toBe('Retrasada 4 min');
  });
});
