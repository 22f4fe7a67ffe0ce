// The roles calls (DESIGN §2) and the permission catalogue the editor groups by area.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiConMensaje } from '@/lib/api-client';
import { toast } from '@/stores/toasts';
import type { DatosRol, PermisoCatalogo, RolAdmin } from '@/types/api';
import { useMutacionUnica } from '@/lib/mutacion-unica';

const CLAVE = ['admin', 'roles'] as const;

/** `GET /v1/admin/roles`. */
export const getRoles = (signal?: AbortSignal) => api<RolAdmin[]>('/v1/admin/roles', { signal });
export const rolesQueryOptions = () => queryOptions({ queryKey: [...CLAVE, 'lista'], queryFn: ({ signal }) => getRoles(signal) });
export const useRoles = (activo = true) => useQuery({ ...rolesQueryOptions(), enabled: activo });

/** `GET /v1/admin/permisos`, in the editor's order; it only changes with a release. */
export const getPermisos = (signal?: AbortSignal) => api<PermisoCatalogo[]>('/v1/admin/permisos', { signal });
export const permisosQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'permisos'], queryFn: ({ signal }) => getPermisos(signal), staleTime: Infinity });
export const usePermisos = () => useQuery(permisosQueryOptions());

type Escritura = { tipo: 'crear'; datos: DatosRol } | { tipo: 'editar'; id: string; datos: DatosRol } | { tipo: 'borrar'; id: string };

/** `POST /roles`, `PUT /roles/{id}`, `DELETE /roles/{id}` (409 while users hold it, as a toast). */
export function escribirRol(e: Escritura): Promise<{ message: string }> {
  if (e.tipo === 'crear') return apiConMensaje<RolAdmin>('/v1/admin/roles', { method: 'POST', body: e.datos });
  const ruta = `/v1/admin/roles/${encodeURIComponent(e.id)}`;
  if (e.tipo === 'editar') return apiConMensaje<RolAdmin>(ruta, { method: 'PUT', body: e.datos });
  return apiConMensaje<unknown>(ruta, { method: 'DELETE' });
}

export function useEscribirRol() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: escribirRol,
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: CLAVE });
      // The users table shows role names.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'usuarios'] });
    },
  });
}
