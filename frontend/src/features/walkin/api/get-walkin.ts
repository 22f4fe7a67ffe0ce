import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { useSesion } from '@/lib/use-session';
import { claveWalkins } from './get-walkins';

/** `GET /v1/admin/walkin/{id}?tag=` (403 another branch's, 404 unknown). */
export function getWalkin(tag: string, id: string, signal?: AbortSignal): Promise<Esquema<'Walkin'>> {
  // The screen explains a refusal itself; a toast on top would say it twice.
  return datos(consola.GET('/api/v1/admin/walkin/{id}', { params: { path: { id }, query: { tag } }, signal }), { silencioso: true });
}

export const claveWalkin = (tag: string, id: string) => [...claveWalkins(tag), 'detalle', id] as const;

export const walkinQueryOptions = (tag: string, id: string) =>
  queryOptions({
    queryKey: claveWalkin(tag, id),
    queryFn: ({ signal }) => getWalkin(tag, id, signal),
    refetchOnWindowFocus: false,
    // A registered walk-in does not change: its detail stays as it was read.
    staleTime: Infinity,
  });

export function useWalkin(id: string) {
  const { sucursal } = useSesion();
  return useQuery({ ...walkinQueryOptions(sucursal ?? '', id), enabled: sucursal !== null && id !== '' });
}
