import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { reservacionDe } from '@/testing/datos';
import { hallazgoDe, hallazgoDeError } from './busqueda';

describe('what a lookup found', () => {
  it('is a reservation to seat only when it is this branch’s and Pendiente', () => {
    const r = reservacionDe({ tag_sucursal: 'polanco', status: 'Pendiente' });
    expect(hallazgoDe(r, 'polanco')).toEqual({ tipo: 'pendiente', reservacion: r });
    expect(hallazgoDe({ ...r, status: 'Asistio' }, 'polanco').tipo).toBe('no-pendiente');
    expect(hallazgoDe(r, 'satelite')).toEqual({ tipo: 'otra-sucursal', marca: 'La Hacienda', sucursal: 'La Hacienda Polanco' });
  });

  it('of another branch shows only its brand and branch (409 with their names)', () => {
    const e = new ApiError('La reservación es de otra sucursal: La Hacienda Satélite (La Hacienda Buffet).', 409, {
      marca: { name: 'La Hacienda Buffet' },
      sucursal: { name: 'La Hacienda Satélite' },
    });
    expect(hallazgoDeError(e, 'polanco')).toEqual({ tipo: 'otra-sucursal', marca: 'La Hacienda Buffet', sucursal: 'La Hacienda Satélite' });
  });

  it('no longer pending still shows the reservation, which cannot go on', () => {
    const r = reservacionDe({ status: 'Vencido' });
    expect(hallazgoDeError(new ApiError('La reservación ya no está pendiente: está en «No asistió»', 409, r), 'polanco')).toEqual({ tipo: 'no-pendiente', reservacion: r });
    const otroDia = { ...r, status: 'Pendiente' as const };
    const motivo = 'La reservación es del 30/11/2026 a las 13:10: su llegada se registra desde 120 minutos antes de esa hora';
    expect(hallazgoDeError(new ApiError(motivo, 409, otroDia), 'polanco')).toEqual({ tipo: 'otro-momento', reservacion: otroDia, motivo });
  });

  it('is nothing when the refusal tells no more than its message', () => {
    expect(hallazgoDeError(new ApiError('No se encontró la reservación.', 404, null), 'polanco')).toBeNull();
    expect(hallazgoDeError(new ApiError('x', 409, null), 'polanco')).toBeNull();
    expect(hallazgoDeError(new Error('x'), 'polanco')).toBeNull();
  });
});
