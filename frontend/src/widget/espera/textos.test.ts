import { describe, expect, it } from 'vitest';
import { textoTurno } from './textos';

const esperando = { estado: 'esperando' as const, avisado: null, delante: 2, estimada_min: 25, por_el_huesped: false };

describe('the party page says how it stands', () => {
  it('waiting: the parties ahead and the quoted wait', () => {
    expect(textoTurno(esperando)).toEqual({ titulo: '2 grupos delante de ti', detalle: 'Espera estimada: unos 25 min.', tono: 'espera' });
    expect(textoTurno({ ...esperando, delante: 1 }).titulo).toBe('1 grupo delante de ti');
    expect(textoTurno({ ...esperando, delante: 0, estimada_min: 0 })).toMatchObject({ titulo: 'Eres el siguiente grupo.', detalle: 'Tu mesa puede estar lista en cualquier momento.' });
    expect(textoTurno({ ...esperando, estimada_min: null }).detalle).toBe('La hostess te llamará en cuanto haya una mesa para tu grupo.');
    expect(textoTurno({ ...esperando, delante: null }).titulo).toBe('Actualizando tu lugar…');
  });

  it('called, seated and closed read apart', () => {
    expect(textoTurno({ ...esperando, avisado: '2026-11-29T20:10:00Z' })).toMatchObject({ titulo: '¡Tu mesa está lista!', tono: 'listo' });
    expect(textoTurno({ ...esperando, estado: 'sentado' })).toMatchObject({ titulo: 'Ya tienes mesa. ¡Buen provecho!', tono: 'listo' });
    expect(textoTurno({ ...esperando, estado: 'se_fue', por_el_huesped: true })).toMatchObject({ titulo: 'Saliste de la lista de espera.', tono: 'cerrado' });
    expect(textoTurno({ ...esperando, estado: 'se_fue' })).toMatchObject({ titulo: 'Tu lugar en la lista se cerró.', tono: 'cerrado' });
  });
});
