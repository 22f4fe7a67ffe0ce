import { describe, expect, it } from 'vitest';
import { acotar, diaSemana, leerFechaEscrita, semanasDelMes, sumarMeses } from './calendario';

describe('the calendar', () => {
  it('lays a month out in weeks from Monday', () => {
    const semanas = semanasDelMes(2026, 11);
    // 1 November 2026 is a Sunday: the first row starts on Monday 26 October.
    expect(semanas[0]).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01']);
    expect(semanas.at(-1)?.at(-1)).toBe('2026-12-06');
    expect(semanas.every((s) => s.length === 7)).toBe(true);
    expect(diaSemana('2026-11-27')).toBe(5);
  });

  it('moves by months, onto the last day when the month is shorter', () => {
    expect(sumarMeses('2026-01-31', 1)).toBe('2026-02-28');
    expect(sumarMeses('2026-12-15', 1)).toBe('2027-01-15');
    expect(sumarMeses('2026-01-15', -1)).toBe('2025-12-15');
  });

  it('keeps a day within its range', () => {
    expect(acotar('2026-11-01', '2026-11-27', '2026-12-31')).toBe('2026-11-27');
    expect(acotar('2027-01-05', '2026-11-27', '2026-12-31')).toBe('2026-12-31');
    expect(acotar('2026-12-01')).toBe('2026-12-01');
  });

  it('reads a date typed the usual ways', () => {
    for (const texto of ['2026-11-27', '27/11/2026', '27-11-2026', '27/11/26', '27, nov 2026', '27 nov 2026', '27 Nov. 2026', '27 de noviembre de 2026', 'Viernes 27, nov 2026']) {
      expect(leerFechaEscrita(texto), texto).toBe('2026-11-27');
    }
    expect(leerFechaEscrita('5 sept 2026')).toBe('2026-09-05');
    expect(leerFechaEscrita('31/02/2026')).toBeNull();
    expect(leerFechaEscrita('27 nov')).toBeNull();
    expect(leerFechaEscrita('mañana')).toBeNull();
  });
});
