import { describe, expect, it } from 'vitest';
import { formatoEspera, segundosDeEspera } from './reintento';

describe('the wait a server asks for', () => {
  it('reads Retry-After in seconds', () => {
    expect(segundosDeEspera('600', null)).toBe(600);
    expect(segundosDeEspera(' 5 ', null)).toBe(5);
  });

  it('reads Retry-After as an HTTP date', () => {
    const ahora = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(segundosDeEspera('Wed, 21 Oct 2026 07:29:30 GMT', null, ahora)).toBe(90);
    expect(segundosDeEspera('Wed, 21 Oct 2026 07:27:00 GMT', null, ahora)).toBe(0);
  });

  it('falls back on the envelope and ignores what is not a wait', () => {
    expect(segundosDeEspera(null, { reintentar_en: 42 })).toBe(42);
    expect(segundosDeEspera('pronto', { reintentar_en: 7 })).toBe(7);
    expect(segundosDeEspera(null, { reintentar_en: 'mucho' })).toBeNull();
    expect(segundosDeEspera(null, null)).toBeNull();
  });
});

describe('a countdown', () => {
  it('shows seconds under a minute, then minutes and seconds', () => {
    expect(formatoEspera(45)).toBe('45 s');
    expect(formatoEspera(0.2)).toBe('1 s');
    expect(formatoEspera(60)).toBe('1 min');
    expect(formatoEspera(883)).toBe('14 min 43 s');
    expect(formatoEspera(900)).toBe('15 min');
  });
});
