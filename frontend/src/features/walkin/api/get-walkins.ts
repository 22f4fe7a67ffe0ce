import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

/** The list tabs; Registrar has no list. */
export type SlugWalkins = 'hoy' | 'todas';

export const POR_PAGINA = 100;

/** Every walk-in query of a branch (lists and details): a new walk-in refreshes them all. */
export const claveWalkins = (tag: string) => claveSucursal(tag, 'walkins');

/** `GET /v1/admin/walkin?tag=&slug=&q=&page=&limit=`: a page of the day's walk-ins (hoy) or of all. */
export async function getWalkins(tag: string, slug: SlugWalkins, q: string, page: number, signal?: AbortSignal): Promise<Esquema<'PaginaWalkins'>> {
  const query = { tag, slug, q: q || undefined, page, limit: POR_PAGINA };
  return datos(consola.GET('/api/v1/admin/walkin', { params: { query }, signal }));
}

export const walkinsQueryOptions = (tag: string, slug: SlugWalkins, q: string) =>
  infiniteQueryOptions({
    queryKey: [...claveWalkins(tag), 'lista', { slug, q }] as const,
    queryFn: ({ pageParam, signal }) => getWalkins(tag, slug, q, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (ultima, paginas) => {
      const vistos = paginas.reduce((n, p) => n + p.items.length, 0);
      return vistos < ultima.total && ultima.items.length > 0 ? ultima.page + 1 : undefined;
    },
    refetchOnWindowFocus: false,
    // Other hosts register walk-ins too: the day's list asks again every minute.
    refetchInterval: slug === 'hoy' ? 60_000 : false,
  });

/** The branch's walk-ins of a tab; a new search keeps showing the previous answer meanwhile. */
export function useWalkins(slug: SlugWalkins, q: string) {
  const { sucursal } = useSesion();
  return useInfiniteQuery({
    ...walkinsQueryOptions(sucursal ?? '', slug, q),
    enabled: sucursal !== null,
    placeholderData: (previa, consulta) => {
      const anterior = consulta?.queryKey[4];
      const misma = consulta?.queryKey[1] === sucursal && anterior?.slug === slug;
      return misma ? keepPreviousData(previa) : undefined;
    },
  });
}
