// The users calls (DESIGN §2): the paged, searched list and the writes. Every write refreshes
// the lists (a user's role or branches show in them) and announces the server's line.
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiConMensaje } from '@/lib/api-client';
import { toast } from '@/stores/toasts';
import type { DatosUsuario, PaginaUsuarios, UsuarioAdmin } from '@/types/api';
import { useMutacionUnica } from '@/lib/mutacion-unica';

export const POR_PAGINA = 50;
const CLAVE = ['admin', 'usuarios'] as const;

/** `GET /v1/admin/users?q=&page=&limit=`: the search runs in the server's query. */
export function getUsuarios(q: string, page: number, signal?: AbortSignal): Promise<PaginaUsuarios> {
  return api<PaginaUsuarios>('/v1/admin/users', { query: { q: q.trim(), page, limit: POR_PAGINA }, signal });
}

export const usuariosQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: [...CLAVE, 'lista', { q: q.trim(), page }],
    queryFn: ({ signal }) => getUsuarios(q, page, signal),
    // The table keeps the previous page while the next search answers, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export const useUsuarios = (q: string, page: number) => useQuery(usuariosQueryOptions(q, page));

type Escritura =
  | { tipo: 'crear'; datos: DatosUsuario }
  | { tipo: 'editar'; id: string; datos: DatosUsuario }
  | { tipo: 'clave'; id: string; password: string }
  | { tipo: 'desactivar'; id: string };

/** `POST /users`, `PUT /users/{id}`, `PUT /users/{id}/password`, `DELETE /users/{id}`. */
export function escribirUsuario(e: Escritura): Promise<{ message: string }> {
  const ruta = (id: string) => `/v1/admin/users/${encodeURIComponent(id)}`;
  switch (e.tipo) {
    case 'crear':
      return apiConMensaje<UsuarioAdmin>('/v1/admin/users', { method: 'POST', body: e.datos });
    case 'editar':
      return apiConMensaje<UsuarioAdmin>(ruta(e.id), { method: 'PUT', body: e.datos });
    case 'clave':
      return apiConMensaje<string | null>(`${ruta(e.id)}/password`, { method: 'PUT', body: { password: e.password } });
    case 'desactivar':
      return apiConMensaje<UsuarioAdmin>(ruta(e.id), { method: 'DELETE' });
  }
}

export function useEscribirUsuario() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: escribirUsuario,
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: CLAVE });
      // A role's user count changes with its users.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'roles'] });
    },
  });
}
