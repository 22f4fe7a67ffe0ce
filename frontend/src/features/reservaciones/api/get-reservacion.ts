import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import type { Reservacion } from '@/types/api';

/** `GET /v1/admin/reservacion/{id}?tag=` (403 another branch's, 404 unknown). */
export function getReservacion(tag: string, id: string, signal?: AbortSignal): Promise<Reservacion> {
  // The screen explains a refusal itself; a toast on top would say it twice.
  return api<Reservacion>(`/v1/admin/reservacion/${encodeURIComponent(id)}`, { query: { tag }, signal, silencioso: true });
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
