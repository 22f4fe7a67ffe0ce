import { describe, expect, it } from 'vitest';
import { rutaDeRegistro } from './registro';

describe('rutaDeRegistro', () => {
  it("opens a reservation or a walk-in in its section's Todas tab", () => {
    expect(rutaDeRegistro({ tipo: 'reservacion', _id: 'r1' })).toBe('/reservaciones/todas/r1');
    expect(rutaDeRegistro({ tipo: 'walkin', _id: 'w/2' })).toBe('/walkin/todas/w%2F2');
  });
});
