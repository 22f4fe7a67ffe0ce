import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

/** `GET /v1/admin/reservacion/{id}?tag=` (403 another branch's, 404 unknown). */
export function getReservacion(tag: string, id: string, signal?: AbortSignal): Promise<Esquema<'Reservacion'>> {
  // The screen explains a refusal itself; a toast on top would say it twice.
  return datos(consola.GET('/api/v1/admin/reservacion/{id}', { params: { path: { id }, query: { tag } }, signal }), { silencioso: true });
}

export const claveReservacion = (tag: string, id: string) => claveSucursal(tag, 'reservaciones', 'detalle', id);

export const reservacionQueryOptions = (tag: string, id: string) =>
  queryOptions({
    queryKey: claveReservacion(tag, id),
    queryFn: ({ signal }) => getReservacion(tag, id, signal),
    refetchOnWindowFocus: false,
  });

export function useReservacion(id: string) {
  const { sucursal } = useSesion();
  return useQuery({ ...reservacionQueryOptions(sucursal ?? '', id), enabled: sucursal !== null && id !== '' });
}
