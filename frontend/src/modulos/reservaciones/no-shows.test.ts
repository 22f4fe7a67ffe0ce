import { describe, expect, it } from 'vitest';
import { filasNoShows, sinTerminadas, textoNoShows } from './no-shows';

const legible = (s: string) => s.replace(/\s/g, ' ');

describe('the no-show rate by confirmation', () => {
  it('reads a rate as a percentage with the no-shows of those that ended', () => {
    const confirmadas = textoNoShows({ asistio: 24, vencido: 1, tasa: 0.04 });
    expect(legible(confirmadas.tasa)).toMatch(/^4 ?%$/);
    expect(confirmadas.cuenta).toBe('1 de 25');
    const sin = textoNoShows({ asistio: 41, vencido: 9, tasa: 0.18 });
    expect(legible(sin.tasa)).toMatch(/^18 ?%$/);
    expect(sin.cuenta).toBe('9 de 50');
    expect(legible(textoNoShows({ asistio: 2, vencido: 1, tasa: 1 / 3 }).tasa)).toMatch(/^33[.,]3 ?%$/);
    expect(legible(textoNoShows({ asistio: 3, vencido: 0, tasa: 0 }).tasa)).toMatch(/^0 ?%$/);
  });

  it('is a dash before any of that kind ended', () => {
    expect(textoNoShows({ asistio: 0, vencido: 0, tasa: null })).toEqual({ tasa: '—', cuenta: 'ninguna terminada' });
    expect(textoNoShows({ asistio: 0, vencido: 0 }).tasa).toBe('—');
  });

  it('tells a period where nothing ended', () => {
    const nada = { asistio: 0, vencido: 0, tasa: null };
    expect(sinTerminadas({ confirmadas: nada, sin_confirmar: nada })).toBe(true);
    expect(sinTerminadas({ confirmadas: nada, sin_confirmar: { asistio: 0, vencido: 1, tasa: 1 } })).toBe(false);
  });

  it('lists the confirmed ones first', () => {
    const c = { asistio: 1, vencido: 0, tasa: 0 };
    const s = { asistio: 0, vencido: 1, tasa: 1 };
    expect(filasNoShows({ confirmadas: c, sin_confirmar: s }).map((f) => [f.nombre, f.datos])).toEqual([
      ['Confirmadas', c],
      ['Sin confirmar', s],
    ]);
  });
});
