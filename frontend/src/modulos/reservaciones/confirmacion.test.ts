import { describe, expect, it } from 'vitest';
import { reservacionDe } from '@/testing/datos';
import type { ConfigHorario } from '@/lib/wasm';
import { confirmo, momentoConfirmacion, ordenLlegadas, textoConfirmacion } from './confirmacion';

/** The moment with es-MX's narrow spaces read as plain ones. */
function leido(instante: string, horario: ConfigHorario | null = null) {
  const m = momentoConfirmacion(instante, horario);
  return m && { ...m, hora: m.hora.replace(/[\u00a0\u202f]/g, ' ') };
}

describe('«Confirmó»', () => {
  it('marks a Pendiente reservation whose guest confirmed, and nothing else', () => {
    expect(confirmo(reservacionDe({ confirmada: '2026-11-25T19:05:00Z' }))).toBe(true);
    expect(confirmo(reservacionDe({ confirmada: null }))).toBe(false);
    expect(confirmo(reservacionDe({ confirmada: undefined }))).toBe(false);
    for (const status of ['Asistio', 'Vencido', 'Cancelada'] as const) {
      expect(confirmo(reservacionDe({ status, confirmada: '2026-11-25T19:05:00Z' })), status).toBe(false);
    }
  });

  it('reads the instant at the branch: its zone, not UTC nor the device', () => {
    // 01:05 UTC on the 26th is 19:05 of the 25th in Mexico City (UTC-6).
    expect(leido('2026-11-26T01:05:00Z')).toEqual({ fechaHora: '2026-11-25 19:05', hora: '07:05 p.m.' });
    expect(leido('2026-11-26T01:05:00Z', { zona: 'America/Tijuana' })).toEqual({ fechaHora: '2026-11-25 17:05', hora: '05:05 p.m.' });
    expect(leido('2026-11-25T13:05:42.123-06:00')).toEqual({ fechaHora: '2026-11-25 13:05', hora: '01:05 p.m.' });
  });

  it('falls back to the branches\' zone when the settings are refused, and says nothing of an unreadable instant', () => {
    expect(leido('2026-11-26T01:05:00Z', { zona: 'Marte/Olimpo' })).toEqual({ fechaHora: '2026-11-25 19:05', hora: '07:05 p.m.' });
    expect(momentoConfirmacion('ayer')).toBeNull();
    expect(textoConfirmacion('ayer')).toBe('Confirmó su asistencia');
  });

  it('says when in the tooltip', () => {
    expect(textoConfirmacion('2026-11-26T01:05:00Z').replace(/[\u00a0\u202f]/g, ' ')).toBe('Confirmó su asistencia: 25, nov · 07:05 p.m.');
  });
});

describe('the next arrivals', () => {
  it('go by time, and at one time the confirmed ones first, the rest in the order they came', () => {
    const lista = [
      reservacionDe({ _id: 'a', fecha_hora: '2026-11-25 15:00' }),
      reservacionDe({ _id: 'b', fecha_hora: '2026-11-25 14:00' }),
      reservacionDe({ _id: 'c', fecha_hora: '2026-11-25 15:00', confirmada: '2026-11-25T18:00:00Z' }),
      reservacionDe({ _id: 'd', fecha_hora: '2026-11-25 15:00' }),
      reservacionDe({ _id: 'e', fecha_hora: '2026-11-25 16:00', confirmada: '2026-11-25T18:00:00Z' }),
    ];
    expect(ordenLlegadas(lista).map((r) => r._id)).toEqual(['b', 'c', 'a', 'd', 'e']);
    // The list it was given is left as it was.
    expect(lista.map((r) => r._id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
