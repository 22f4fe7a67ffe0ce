import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

/** `GET /v1/admin/promocion/activas?tag=`: the promotions the abre may apply today. */
export function getPromocionesActivas(tag: string, signal?: AbortSignal): Promise<Esquema<'PromoActiva'>[]> {
  return datos(consola.GET('/api/v1/admin/promocion/activas', { params: { query: { tag } }, signal }));
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
