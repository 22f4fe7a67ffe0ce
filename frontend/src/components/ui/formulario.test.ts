import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { iguales, rechazoDeCampo } from './formulario';

describe('formulario', () => {
  it('compara valores JSON por estructura', () => {
    expect(iguales({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(iguales({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(iguales([1, 2], [2, 1])).toBe(false);
    expect(iguales({ a: null }, { a: 0 })).toBe(false);
  });
  it('lee el campo rechazado del sobre del servidor', () => {
    expect(rechazoDeCampo(new ApiError('m', 400, { codigo: 'x', campo: 'email', mensaje: 'm' }))).toEqual({ campo: 'email', mensaje: 'm' });
    expect(rechazoDeCampo(new ApiError('m', 409, null))).toBeNull();
    expect(rechazoDeCampo(new Error('x'))).toBeNull();
  });
});
