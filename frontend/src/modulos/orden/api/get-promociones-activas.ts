import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import type { PromoActiva } from '@/types/api';

/** `GET /v1/admin/promocion/activas?tag=`: the promotions the abre may apply today. */
export function getPromocionesActivas(tag: string, signal?: AbortSignal): Promise<PromoActiva[]> {
  return api<PromoActiva[]>('/v1/admin/promocion/activas', { query: { tag }, signal });
}

export const promocionesActivasQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'promociones', 'activas'),
    queryFn: ({ signal }) => getPromocionesActivas(tag, signal),
    staleTime: 5 * 60 * 1000,
  });

export function usePromocionesActivas() {
  const { sucursal } = useSesion();
  return useQuery({ ...promocionesActivasQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}
