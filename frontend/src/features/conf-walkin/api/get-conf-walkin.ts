import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

export const claveConfWalkin = (tag: string) => claveSucursal(tag, 'conf-walkin');

/** `GET /v1/admin/conf-walkin?tag=`: the branch's walk-in and booking settings. */
export const getConfWalkin = (tag: string, signal?: AbortSignal) => datos(consola.GET('/api/v1/admin/conf-walkin', { params: { query: { tag } }, signal }));

export const confWalkinQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveConfWalkin(tag),
    queryFn: ({ signal }) => getConfWalkin(tag, signal),
  });

export function useConfWalkin() {
  const { sucursal } = useSesion();
  return useQuery({ ...confWalkinQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}
