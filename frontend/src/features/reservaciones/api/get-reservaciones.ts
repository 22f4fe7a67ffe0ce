import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveListasReservaciones } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

/** The tab slugs the server filters by. */
export type SlugReservaciones = 'hoy' | 'pendientes' | 'asistio' | 'vencidas' | 'canceladas' | 'todas';

/** Rows per page: large enough that a scroll rarely waits, small enough to answer at once. */
export const POR_PAGINA = 100;

/**
 * `GET /v1/admin/reservacion?tag=&status=&q=&page=&limit=`. `hoy` answers the day's plain array;
 * every other tab a page. Both arrive here as a page, so the list reads them alike.
 */
export async function getReservaciones(
  tag: string,
  slug: SlugReservaciones,
  q: string,
  page: number,
  signal?: AbortSignal,
): Promise<Esquema<'PaginaReservaciones'>> {
  const query = { tag, status: slug, q: q || undefined, page, limit: POR_PAGINA };
  // The day's tab answers the whole day as a list; every other tab, a page.
  const lista = await datos(consola.GET('/api/v1/admin/reservacion', { params: { query }, signal }));
  return Array.isArray(lista) ? { items: lista, total: lista.length, page: 1, limit: lista.length } : lista;
}

/** The key every list of a branch shares: invalidating it refreshes all tabs and searches. */
export const claveListas = claveListasReservaciones;

export const reservacionesQueryOptions = (tag: string, slug: SlugReservaciones, q: string) =>
  infiniteQueryOptions({
    queryKey: [...claveListas(tag), { slug, q }] as const,
    queryFn: ({ pageParam, signal }) => getReservaciones(tag, slug, q, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (ultima, paginas) => {
      const vistas = paginas.reduce((n, p) => n + p.items.length, 0);
      return vistas < ultima.total && ultima.items.length > 0 ? ultima.page + 1 : undefined;
    },
    // The reservation list does not refetch on window focus.
    refetchOnWindowFocus: false,
    // The day's list changes under the host (arrivals, no-shows marked by the server): it asks
    // again every minute. New bookings come sooner, through the bell's live stream.
    refetchInterval: slug === 'hoy' ? 60_000 : false,
  });

/**
 * The current branch's reservations of a tab, page by page. While a new search is on its way the
 * tab keeps showing the previous answer (never another tab's or branch's).
 */
export function useReservaciones(slug: SlugReservaciones, q: string) {
  const { sucursal } = useSesion();
  return useInfiniteQuery({
    ...reservacionesQueryOptions(sucursal ?? '', slug, q),
    enabled: sucursal !== null,
    placeholderData: (previa, consulta) => {
      const anterior = consulta?.queryKey[4];
      const mismaVista = consulta?.queryKey[1] === sucursal && anterior?.slug === slug;
      return mismaVista ? keepPreviousData(previa) : undefined;
    },
  });
}
