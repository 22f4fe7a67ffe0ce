import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { campoRechazado, pasoDelCampo } from './errores';

describe('a refused save', () => {
  it('names the field core refused, when the envelope says', () => {
    expect(campoRechazado(new ApiError('La mesa no es de esta sucursal', 400, { codigo: 'mesa_desconocida', campo: 'mesa', mensaje: 'x' }))).toBe('mesa');
    expect(campoRechazado(new ApiError('x', 400, null))).toBeNull();
    expect(campoRechazado(new Error('x'))).toBeNull();
  });

  it('leads back to the step that holds the field', () => {
    expect(pasoDelCampo('email')).toBe('personal');
    expect(pasoDelCampo('mesa')).toBe('comanda');
    expect(pasoDelCampo('mesero_id')).toBe('comanda');
    expect(pasoDelCampo('promo')).toBeNull();
    expect(pasoDelCampo(null)).toBeNull();
  });
});
