import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import type { AfiliadoDetalle } from '@/types/api';
import type { Periodo } from '../periodo';

/** `GET /v1/admin/afiliados/{id}?tag=&desde=&hasta=`: the partner, its reservations at the branch over a period and attendance. */
export function getAfiliado(tag: string, id: string, periodo: Periodo, signal?: AbortSignal): Promise<AfiliadoDetalle> {
  return api<AfiliadoDetalle>(`/v1/admin/afiliados/${encodeURIComponent(id)}`, { query: { tag, ...periodo }, signal });
}

export const afiliadoQueryOptions = (tag: string, id: string, periodo: Periodo) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'afiliados', id, periodo),
    queryFn: ({ signal }) => getAfiliado(tag, id, periodo, signal),
  });

export function useAfiliado(id: string, periodo: Periodo) {
  const { sucursal } = useSesion();
  return useQuery({ ...afiliadoQueryOptions(sucursal ?? '', id, periodo), enabled: sucursal !== null && id !== '' });
}
