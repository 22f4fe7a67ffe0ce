import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { campoRechazado, pasoDelRechazo } from './errores';

describe('a refused save', () => {
  it('names the field core refused, when the envelope says', () => {
    expect(campoRechazado(new ApiError('La mesa no es de esta sucursal', 400, { codigo: 'mesa_desconocida', campo: 'mesa', mensaje: 'x' }))).toBe('mesa');
    expect(campoRechazado(new ApiError('x', 400, null))).toBeNull();
    expect(campoRechazado(new Error('x'))).toBeNull();
  });

  it('leads back to the step that holds the field', () => {
    const solicitud = {
      tag_sucursal: 'polanco',
      name: 'Ana',
      email: 'ana@correo.mx',
      phone: null,
      evento: 'Ninguno',
      comanda: { mesa: '5', mesero_id: 'm1', no_personas: 2, buffet_adulto: 2, buffet_boy: 0, buffet_promo_adulto: 0, buffet_promo_girl: 0, buffet_promo_boy: 0, isAfter7pm: false },
      abre: { promo: [] },
    };
    const pasos = [
      ['comanda', solicitud.comanda],
      ['personal', solicitud],
    ] as const;
    const rechazo = (campo: string | null, estado = 400) => new ApiError('x', estado, { codigo: 'x', campo, mensaje: 'x' });
    expect(pasoDelRechazo(rechazo('email'), pasos)).toBe('personal');
    expect(pasoDelRechazo(rechazo('mesa'), pasos)).toBe('comanda');
    expect(pasoDelRechazo(rechazo('mesero_id', 409), pasos)).toBe('comanda');
    expect(pasoDelRechazo(rechazo('promo'), pasos)).toBeNull();
    expect(pasoDelRechazo(rechazo(null), pasos)).toBeNull();
    expect(pasoDelRechazo(new Error('x'), pasos)).toBeNull();
  });
});
