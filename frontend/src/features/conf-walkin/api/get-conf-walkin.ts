import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import type { DatosConfWalkin } from '@/types/api';

export const claveConfWalkin = (tag: string) => claveSucursal(tag, 'conf-walkin');

/** `GET /v1/admin/conf-walkin?tag=`: the branch's walk-in and booking settings. */
export const getConfWalkin = (tag: string, signal?: AbortSignal) => api<DatosConfWalkin>('/v1/admin/conf-walkin', { query: { tag }, signal });

export const confWalkinQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveConfWalkin(tag),
    queryFn: ({ signal }) => getConfWalkin(tag, signal),
  });

export function useConfWalkin() {
  const { sucursal } = useSesion();
  return useQuery({ ...confWalkinQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}
