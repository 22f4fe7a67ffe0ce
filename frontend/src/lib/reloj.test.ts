import { afterEach, describe, expect, it } from 'vitest';
import { ahora, ajustarReloj, reiniciarReloj } from './reloj';

afterEach(() => reiniciarReloj());

describe('the console clock follows the server', () => {
  it('is the device clock until an answer says otherwise', () => {
    const antes = Date.now();
    expect(Math.abs(ahora().getTime() - antes)).toBeLessThan(1000);
  });

  it('reads the server time from a Date header, hours away from the device', () => {
    const recibido = Date.now();
    // The server says 18:39:59 in Mexico City on the test day.
    ajustarReloj('Thu, 26 Nov 2026 00:39:59 GMT', recibido);
    const leido = ahora().getTime() - (Date.now() - recibido);
    expect(leido).toBeGreaterThanOrEqual(Date.parse('2026-11-26T00:39:59Z'));
    expect(leido).toBeLessThan(Date.parse('2026-11-26T00:40:00Z') + 100);
  });

  it('keeps its reading when the next header is the same clock a second later, and ignores nonsense', () => {
    const recibido = Date.now();
    ajustarReloj('Thu, 26 Nov 2026 00:39:59 GMT', recibido);
    const primero = ahora().getTime();
    ajustarReloj('Thu, 26 Nov 2026 00:40:00 GMT', recibido + 400);
    ajustarReloj('no es una fecha', recibido);
    ajustarReloj(null, recibido);
    expect(Math.abs(ahora().getTime() - primero)).toBeLessThan(100);
  });

  it('follows a clock that was moved', () => {
    const recibido = Date.now();
    ajustarReloj('Thu, 26 Nov 2026 00:39:59 GMT', recibido);
    ajustarReloj('Thu, 26 Nov 2026 04:30:00 GMT', recibido);
    expect(ahora().toISOString().slice(0, 16)).toBe('2026-11-26T04:30');
  });
});
