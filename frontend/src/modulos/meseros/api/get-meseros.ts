import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

/**
 * `GET /v1/admin/meseros?tag=[&todos=true]`: the branch's active waiters (the order forms'
 * selector) or, with `todos`, every waiter, inactive ones too (the waiters screen).
 */
export function getMeseros(tag: string, todos: boolean, signal?: AbortSignal): Promise<Esquema<'MeseroRef'>[]> {
  return datos(consola.GET('/api/v1/admin/meseros', { params: { query: todos ? { tag, todos: true } : { tag } }, signal }));
}

/** Every waiter list of a branch; a write refreshes them all (both lists' keys start with it). */
export const claveMeseros = (tag: string) => claveSucursal(tag, 'meseros');

export const meserosQueryOptions = (tag: string, todos = false) =>
  queryOptions({
    queryKey: todos ? claveSucursal(tag, 'meseros', 'todos') : claveSucursal(tag, 'meseros'),
    queryFn: ({ signal }) => getMeseros(tag, todos, signal),
    // A shift's waiters hardly change while a form is open; the waiters screen reads them fresh.
    staleTime: todos ? 0 : 5 * 60 * 1000,
  });

/** The current branch's waiters: the active ones, or with `todos` every one. */
export function useMeseros(todos = false) {
  const { sucursal } = useSesion();
  return useQuery({ ...meserosQueryOptions(sucursal ?? '', todos), enabled: sucursal !== null });
}
