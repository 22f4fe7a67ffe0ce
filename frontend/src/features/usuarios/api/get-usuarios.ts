import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';

export const POR_PAGINA = 50;
/** Every users answer; a write refreshes them all. */
export const CLAVE_USUARIOS = ['admin', 'usuarios'] as const;

/** `GET /v1/admin/users?q=&page=&limit=`: the search runs in the server's query. */
export function getUsuarios(q: string, page: number, signal?: AbortSignal): Promise<Esquema<'PaginaUsuarios'>> {
  return datos(consola.GET('/api/v1/admin/users', { params: { query: { q: q.trim(), page, limit: POR_PAGINA } }, signal }));
}

export const usuariosQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: [...CLAVE_USUARIOS, 'lista', { q: q.trim(), page }],
    queryFn: ({ signal }) => getUsuarios(q, page, signal),
    // The table keeps the previous page while the next search answers, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useUsuarios = (q: string, page: number) => useQuery(usuariosQueryOptions(q, page));
