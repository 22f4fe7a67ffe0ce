import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { claveListasReservaciones, claveReservacionesSucursal, claveSucursal } from './claves';

describe('query keys of branch data', () => {
  it('carry the branch tag, so one branch never answers from another branch’s cache', async () => {
    const cliente = new QueryClient();
    await cliente.fetchQuery({ queryKey: claveSucursal('polanco', 'dashboard', { fecha: '2026-03-01' }), queryFn: () => 'de Polanco' });
    expect(cliente.getQueryData(claveSucursal('satelite', 'dashboard', { fecha: '2026-03-01' }))).toBeUndefined();
    expect(cliente.getQueryData(claveSucursal('polanco', 'dashboard', { fecha: '2026-03-01' }))).toBe('de Polanco');
  });

  it('put all of a branch’s data under one prefix', async () => {
    const cliente = new QueryClient();
    await cliente.fetchQuery({ queryKey: claveSucursal('polanco', 'reservaciones', 'hoy'), queryFn: () => 1 });
    await cliente.fetchQuery({ queryKey: claveSucursal('polanco', 'walkin', 'hoy'), queryFn: () => 2 });
    await cliente.fetchQuery({ queryKey: claveSucursal('satelite', 'walkin', 'hoy'), queryFn: () => 3 });
    await cliente.fetchQuery({ queryKey: ['auth', 'me'], queryFn: () => 4 });
    expect(cliente.getQueryCache().findAll({ queryKey: claveSucursal('polanco') })).toHaveLength(2);
    expect(claveSucursal('polanco', 'walkin', 'hoy')).toEqual(['sucursal', 'polanco', 'walkin', 'hoy']);
  });

  it('reach every list and open detail of a branch\'s reservations under one key, and nothing else', async () => {
    const cliente = new QueryClient();
    await cliente.fetchQuery({ queryKey: [...claveListasReservaciones('polanco'), { slug: 'hoy', q: '' }], queryFn: () => 1 });
    await cliente.fetchQuery({ queryKey: claveSucursal('polanco', 'reservaciones', 'detalle', 'r-1'), queryFn: () => 2 });
    await cliente.fetchQuery({ queryKey: claveSucursal('polanco', 'walkins'), queryFn: () => 3 });
    await cliente.fetchQuery({ queryKey: claveSucursal('satelite', 'reservaciones', 'detalle', 'r-2'), queryFn: () => 4 });
    const halladas = cliente.getQueryCache().findAll({ queryKey: claveReservacionesSucursal('polanco') });
    expect(halladas.map((q) => q.state.data).sort()).toEqual([1, 2]);
  });
});
