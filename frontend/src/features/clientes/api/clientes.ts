// The clients calls (DESIGN §2): the branch's guest book searched and paged in the server, one
// guest's record with their visits, and the writes (name and notes, merging a duplicate).
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiConMensaje } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import type { ClienteDetalle, PaginaClientes } from '@/types/api';
import { useMutacionUnica } from '@/lib/mutacion-unica';

export const CLIENTES_POR_PAGINA = 25;

/** `GET /v1/admin/clientes?tag=&q=&page=&limit=`: the search runs in the server's query. */
export function getClientes(tag: string, q: string, page: number, limit = CLIENTES_POR_PAGINA, signal?: AbortSignal): Promise<PaginaClientes> {
  return api<PaginaClientes>('/v1/admin/clientes', { query: { tag, q: q.trim(), page, limit }, signal });
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

/** `GET /v1/admin/clientes/{id}?tag=`: the guest, their visits and (with reservacion.client) contact. */
export function getCliente(tag: string, id: string, signal?: AbortSignal): Promise<ClienteDetalle> {
  return api<ClienteDetalle>(`/v1/admin/clientes/${encodeURIComponent(id)}`, { query: { tag }, signal });
}

export const clienteQueryOptions = (tag: string, id: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'clientes', 'detalle', id),
    queryFn: ({ signal }) => getCliente(tag, id, signal),
  });

export function useCliente(id: string) {
  const { sucursal } = useSesion();
  return useQuery({ ...clienteQueryOptions(sucursal ?? '', id), enabled: sucursal !== null && id !== '' });
}

export type EscrituraCliente =
  | { tipo: 'editar'; id: string; datos: { name?: string; notas?: string } }
  | { tipo: 'fusionar'; id: string; duplicado: string };

/** `PUT /clientes/{id}`, `POST /clientes/{id}/fusionar` (the duplicate's visits move to `id`). */
export function escribirCliente(e: EscrituraCliente): Promise<{ message: string }> {
  const ruta = `/v1/admin/clientes/${encodeURIComponent(e.id)}`;
  switch (e.tipo) {
    case 'editar':
      return apiConMensaje<unknown>(ruta, { method: 'PUT', body: e.datos });
    case 'fusionar':
      return apiConMensaje<unknown>(`${ruta}/fusionar`, { method: 'POST', body: { duplicado: e.duplicado } });
  }
}

export function useEscribirCliente() {
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  const tag = sucursal ?? '';
  return useMutacionUnica({
    mutationFn: escribirCliente,
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: claveSucursal(tag, 'clientes') });
    },
  });
}
