import { describe, expect, it } from 'vitest';
import { MARGEN_EXCEDIDO_MIN, textoAviso, textoEspera, tonoEspera } from './espera';

describe('a party\'s wait against its quote', () => {
  it('is on time up to the quote, amber past it and red well past it', () => {
    expect(tonoEspera(0, 15)).toBe('en-tiempo');
    expect(tonoEspera(15, 15)).toBe('en-tiempo');
    expect(tonoEspera(16, 15)).toBe('pasado');
    expect(tonoEspera(15 + MARGEN_EXCEDIDO_MIN, 15)).toBe('pasado');
    expect(tonoEspera(16 + MARGEN_EXCEDIDO_MIN, 15)).toBe('excedido');
    // Quoted no wait: a party still waiting after a minute is already past it.
    expect(tonoEspera(0, 0)).toBe('en-tiempo');
    expect(tonoEspera(1, 0)).toBe('pasado');
  });

  it('has no tone without a quote (no table of the branch seats the party)', () => {
    expect(tonoEspera(90, null)).toBe('sin-cotizacion');
    expect(tonoEspera(0, undefined)).toBe('sin-cotizacion');
  });

  it('reads "esperando 12 min / cotizado 15 min"', () => {
    expect(textoEspera({ esperando_min: 12, cotizada_min: 15 })).toEqual({ esperando: 'esperando 12 min', cotizado: 'cotizado 15 min' });
    expect(textoEspera({ esperando_min: 0, cotizada_min: 0 }).cotizado).toBe('cotizado 0 min');
    expect(textoEspera({ esperando_min: 3, cotizada_min: null }).cotizado).toBe('sin cotización');
  });
});

describe('a party\'s call', () => {
  // 01:42 UTC is 19:42 of the day before in Mexico City (UTC-6).
  const avisado = '2026-11-26T01:42:10Z';

  it('says when, at the branch, and how the message went', () => {
    expect(textoAviso({ avisado, mensaje: 'enviado' })).toEqual({ texto: 'Avisado 07:42 p.m. · mensaje enviado', mensaje: 'enviado' });
    expect(textoAviso({ avisado, mensaje: 'pendiente' })?.texto).toBe('Avisado 07:42 p.m. · mensaje en cola');
    expect(textoAviso({ avisado, mensaje: 'fallido' })?.texto).toBe('Avisado 07:42 p.m. · falló el mensaje');
    expect(textoAviso({ avisado, mensaje: null })).toEqual({ texto: 'Avisado 07:42 p.m.', mensaje: null });
  });

  it('reads the time in the branch\'s own zone', () => {
    expect(textoAviso({ avisado, mensaje: 'enviado' }, { zona: 'America/Tijuana' })?.texto).toBe('Avisado 05:42 p.m. · mensaje enviado');
    // A zone core refuses falls back to the branches' default.
    expect(textoAviso({ avisado, mensaje: 'enviado' }, { zona: 'Marte/Olympus' })?.texto).toBe('Avisado 07:42 p.m. · mensaje enviado');
  });

  it('is nothing for a party never called', () => {
    expect(textoAviso({ avisado: null, mensaje: null })).toBeNull();
    expect(textoAviso({ mensaje: null })).toBeNull();
  });
});
