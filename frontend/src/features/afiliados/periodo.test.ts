import { describe, expect, it } from 'vitest';
import { periodoDe, textoTasa } from './periodo';

// 2026-03-10 18:00 UTC is 12:00 in Mexico City.
const ahora = new Date('2026-03-10T18:00:00Z');

describe("an affiliate's period", () => {
  it('defaults to the last 30 branch days, today included', () => {
    expect(periodoDe(new URLSearchParams(), ahora)).toEqual({ desde: '2026-02-09', hasta: '2026-03-10' });
  });
  it('uses today in the branch zone, not UTC', () => {
    // 03:00 UTC on the 11th is still the 10th in Mexico City.
    expect(periodoDe(new URLSearchParams(), new Date('2026-03-11T03:00:00Z')).hasta).toBe('2026-03-10');
  });
  it('reads the address and swaps reversed ends', () => {
    expect(periodoDe(new URLSearchParams('desde=2026-01-01&hasta=2026-01-31'), ahora)).toEqual({ desde: '2026-01-01', hasta: '2026-01-31' });
    expect(periodoDe(new URLSearchParams('desde=2026-01-31&hasta=2026-01-01'), ahora)).toEqual({ desde: '2026-01-01', hasta: '2026-01-31' });
  });
  it('ignores a malformed end', () => {
    expect(periodoDe(new URLSearchParams('desde=ayer&hasta=2026-01-31'), ahora)).toEqual({ desde: '2026-01-02', hasta: '2026-01-31' });
  });
});

describe('the attendance rate', () => {
  it('reads the fraction as a whole percentage', () => {
    expect(textoTasa(0.5, 4).replace(/\s/g, ' ')).toMatch(/^50 ?%$/);
    expect(textoTasa(2 / 3, 3).replace(/\s/g, ' ')).toMatch(/^67 ?%$/);
    expect(textoTasa(0, 2).replace(/\s/g, ' ')).toMatch(/^0 ?%$/);
    expect(textoTasa(1, 2).replace(/\s/g, ' ')).toMatch(/^100 ?%$/);
  });
  it('is a dash when there were no reservations', () => {
    expect(textoTasa(0, 0)).toBe('—');
  });
});
