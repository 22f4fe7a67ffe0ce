// `GET /v1/admin/dashboard/mesas?tag=`: occupancy now, the average stay by party size (today and
// over 30 days) and the covers seated each hour today.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

export function getTiemposMesa(tag: string, signal?: AbortSignal): Promise<Esquema<'TiemposMesa'>> {
  return datos(consola.GET('/api/v1/admin/dashboard/mesas', { params: { query: { tag } }, signal }));
}

export const tiemposMesaQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'dashboard', 'mesas'),
    queryFn: ({ signal }) => getTiemposMesa(tag, signal),
    refetchInterval: 60_000,
  });

export function useTiemposMesa() {
  const { sucursal } = useSesion();
  return useQuery({ ...tiemposMesaQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}
