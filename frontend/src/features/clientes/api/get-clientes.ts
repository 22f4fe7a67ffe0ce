import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

export const CLIENTES_POR_PAGINA = 25;

/** `GET /v1/admin/clientes?tag=&q=&page=&limit=`: the branch's guest book; the search runs in the server's query. */
export function getClientes(tag: string, q: string, page: number, limit = CLIENTES_POR_PAGINA, signal?: AbortSignal): Promise<Esquema<'PaginaClientes'>> {
  return datos(consola.GET('/api/v1/admin/clientes', { params: { query: { tag, q: q.trim(), page, limit } }, signal }));
}

export const clientesQueryOptions = (tag: string, q: string, page: number, limit = CLIENTES_POR_PAGINA) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'clientes', 'lista', { q: q.trim(), page, limit }),
    queryFn: ({ signal }) => getClientes(tag, q, page, limit, signal),
    // The table keeps the previous page while the next search answers, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useClientes(q: string, page: number, limit = CLIENTES_POR_PAGINA, activo = true) {
  const { sucursal } = useSesion();
  return useQuery({ ...clientesQueryOptions(sucursal ?? '', q, page, limit), enabled: sucursal !== null && activo });
}
