import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { alRechazar, iguales, rechazoDeCampo } from './formulario';

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
  it('pone el rechazo del servidor bajo su campo y deja igual lo demás', () => {
    const puestos: Record<string, string>[] = [];
    const alError = alRechazar((e) => puestos.push(e));
    alError(new ApiError('m', 409, { codigo: 'duplicado', campo: 'code', mensaje: 'Ese código ya existe.' }));
    alError(new ApiError('caído', 500, null));
    alError(new Error('red'));
    expect(puestos).toEqual([{ code: 'Ese código ya existe.' }]);
  });
});
