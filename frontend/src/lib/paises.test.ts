import { describe, expect, it } from 'vitest';
import { buscarPaises, PAISES, PAIS_POR_DEFECTO, paisDeTelefono, paisPorIso } from './paises';

describe('the phone countries', () => {
  it('read the country of a stored phone from its calling code, Mexico by default', () => {
    expect(paisDeTelefono('525511223344').iso).toBe('MX');
    expect(paisDeTelefono('50212345678').iso).toBe('GT');
    expect(paisDeTelefono(null).iso).toBe('MX');
    expect(paisDeTelefono('').iso).toBe('MX');
  });

  it('start with Mexico, +52, the default', () => {
    expect(PAISES[0]).toMatchObject({ iso: 'MX', codigo: '52' });
    expect(paisPorIso(PAIS_POR_DEFECTO).codigo).toBe('52');
    expect(paisPorIso('??').iso).toBe('MX');
  });

  it('are named in Spanish and found without accents, by ISO code or calling code', () => {
    expect(buscarPaises('mexico').map((p) => p.iso)).toContain('MX');
    expect(buscarPaises('España').map((p) => p.iso)).toEqual(['ES']);
    expect(buscarPaises('+502').map((p) => p.iso)).toEqual(['GT']);
    expect(buscarPaises('us').map((p) => p.iso)).toContain('US');
    expect(buscarPaises('')).toHaveLength(PAISES.length);
  });

  it('have one entry per country', () => {
    expect(new Set(PAISES.map((p) => p.iso)).size).toBe(PAISES.length);
  });
});
