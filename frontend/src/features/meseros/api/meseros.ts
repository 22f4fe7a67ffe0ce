// The waiters calls (spec §7): the branch's waiters, active or not, and the writes. Every write
// refreshes every waiter list of the branch, the order forms' selector included.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiConMensaje } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import type { MeseroRef } from '@/types/api';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/** `GET /v1/admin/meseros?tag=&todos=true`: every waiter of the branch, inactive ones too. */
export function getMeserosAdmin(tag: string, signal?: AbortSignal): Promise<MeseroRef[]> {
  return api<MeseroRef[]>('/v1/admin/meseros', { query: { tag, todos: true }, signal });
}

export const meserosAdminQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'meseros', 'todos'),
    queryFn: ({ signal }) => getMeserosAdmin(tag, signal),
  });

export function useMeserosAdmin() {
  const { sucursal } = useSesion();
  return useQuery({ ...meserosAdminQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}

export type EscrituraMesero =
  | { tipo: 'crear'; name: string }
  | { tipo: 'renombrar'; id: string; name: string }
  | { tipo: 'activar'; id: string; activo: boolean };

/** `POST /meseros`, `PUT /meseros/{id}`; deactivating is `DELETE` (the row stays, for old comandas). */
export function escribirMesero(tag: string, e: EscrituraMesero): Promise<{ message: string }> {
  const ruta = (id: string) => `/v1/admin/meseros/${encodeURIComponent(id)}`;
  switch (e.tipo) {
    case 'crear':
      return apiConMensaje<MeseroRef>('/v1/admin/meseros', { method: 'POST', body: { tag, name: e.name } });
    case 'renombrar':
      return apiConMensaje<MeseroRef>(ruta(e.id), { method: 'PUT', body: { name: e.name } });
    case 'activar':
      return e.activo
        ? apiConMensaje<MeseroRef>(ruta(e.id), { method: 'PUT', body: { activo: true } })
        : apiConMensaje<MeseroRef>(ruta(e.id), { method: 'DELETE' });
  }
}

export function useEscribirMesero() {
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  const tag = sucursal ?? '';
  return useMutacionUnica({
    mutationFn: (e: EscrituraMesero) => escribirMesero(tag, e),
    onSuccess: async ({ message }) => {
      toast.exito(message);
      // The prefix also covers the order forms' list of active waiters.
      await queryClient.invalidateQueries({ queryKey: claveSucursal(tag, 'meseros') });
    },
  });
}
