import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import type { MeseroRef } from '@/types/api';

/** `GET /v1/admin/meseros?tag=`: the branch's active waiters. */
export function getMeseros(tag: string, signal?: AbortSignal): Promise<MeseroRef[]> {
  return api<MeseroRef[]>('/v1/admin/meseros', { query: { tag }, signal });
}

export const meserosQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'meseros'),
    queryFn: ({ signal }) => getMeseros(tag, signal),
    // A shift's waiters hardly change while a form is open.
    staleTime: 5 * 60 * 1000,
  });

export function useMeseros() {
  const { sucursal } = useSesion();
  return useQuery({ ...meserosQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}
