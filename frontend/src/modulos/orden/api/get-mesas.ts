import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import type { Mesa, SucursalCompleta } from '@/types/api';

/**
 * The branch's tables, from `GET /v1/admin/sucursal?tag=` — which only marcas.index may read.
 * Anyone else types the table and the server checks it is the branch's.
 */
export async function getMesas(tag: string, signal?: AbortSignal): Promise<Mesa[]> {
  const sucursales = await api<SucursalCompleta[]>('/v1/admin/sucursal', { query: { tag }, signal, silencioso: true });
  const mesas = sucursales.find((s) => s.tag === tag)?.mesas ?? [];
  return [...mesas].sort((a, b) => a.numero - b.numero);
}

export const mesasQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'mesas'),
    queryFn: ({ signal }) => getMesas(tag, signal),
    staleTime: 10 * 60 * 1000,
  });

/** The tables, when this user may read them; `data` stays undefined otherwise. */
export function useMesas() {
  const { sucursal, usuario } = useSesion();
  const puede = tienePermiso(usuario, 'marcas.index');
  return useQuery({ ...mesasQueryOptions(sucursal ?? ''), enabled: sucursal !== null && puede });
}
