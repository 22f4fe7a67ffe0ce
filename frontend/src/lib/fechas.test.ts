import { describe, expect, it } from 'vitest';
import { diaEn, sumarDias } from './fechas';

describe('log dates', () => {
  it('reads the day in branch time', () => {
    // 03:00 UTC is still the previous evening in Mexico City.
    expect(diaEn(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
  });
  it('moves days across months', () => {
    expect(sumarDias('2026-03-01', -1)).toBe('2026-02-28');
    expect(sumarDias('2026-12-31', 1)).toBe('2027-01-01');
  });
});
