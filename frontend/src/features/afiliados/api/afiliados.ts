// The affiliates calls (DESIGN §2): the partners (shared by every branch) and the writes, and one
// partner's reservations at the current branch over a period, with its attendance.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiConMensaje } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import type { Afiliado, AfiliadoDetalle, DatosAfiliado } from '@/types/api';
import type { Periodo } from '../periodo';
import { useMutacionUnica } from '@/lib/mutacion-unica';

const CLAVE = ['admin', 'afiliados'] as const;

/** `GET /v1/admin/afiliados`: every partner, inactive ones too. */
export function getAfiliados(signal?: AbortSignal): Promise<Afiliado[]> {
  return api<Afiliado[]>('/v1/admin/afiliados', { signal });
}

export const afiliadosQueryOptions = () =>
  queryOptions({
    queryKey: [...CLAVE, 'lista'],
    queryFn: ({ signal }) => getAfiliados(signal),
  });

export const useAfiliados = () => useQuery(afiliadosQueryOptions());

/** `GET /v1/admin/afiliados/{id}?tag=&desde=&hasta=`: the partner, its reservations and attendance. */
export function getAfiliado(tag: string, id: string, periodo: Periodo, signal?: AbortSignal): Promise<AfiliadoDetalle> {
  return api<AfiliadoDetalle>(`/v1/admin/afiliados/${encodeURIComponent(id)}`, { query: { tag, ...periodo }, signal });
}

export const afiliadoQueryOptions = (tag: string, id: string, periodo: Periodo) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'afiliados', id, periodo),
    queryFn: ({ signal }) => getAfiliado(tag, id, periodo, signal),
  });

export function useAfiliado(id: string, periodo: Periodo) {
  const { sucursal } = useSesion();
  return useQuery({ ...afiliadoQueryOptions(sucursal ?? '', id, periodo), enabled: sucursal !== null && id !== '' });
}

export type EscrituraAfiliado =
  | { tipo: 'crear'; datos: DatosAfiliado }
  | { tipo: 'editar'; id: string; datos: DatosAfiliado }
  | { tipo: 'desactivar'; id: string };

/** `POST /afiliados`, `PUT /afiliados/{id}`; `DELETE /afiliados/{id}` deactivates (its reservations keep it). */
export function escribirAfiliado(e: EscrituraAfiliado): Promise<{ message: string }> {
  const ruta = (id: string) => `/v1/admin/afiliados/${encodeURIComponent(id)}`;
  switch (e.tipo) {
    case 'crear':
      return apiConMensaje<Afiliado>('/v1/admin/afiliados', { method: 'POST', body: e.datos });
    case 'editar':
      return apiConMensaje<Afiliado>(ruta(e.id), { method: 'PUT', body: e.datos });
    case 'desactivar':
      return apiConMensaje<Afiliado>(ruta(e.id), { method: 'DELETE' });
  }
}

export function useEscribirAfiliado() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: escribirAfiliado,
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: CLAVE });
      // A detail page shows the partner's name, code and state too.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'sucursal' && q.queryKey[2] === 'afiliados' });
    },
  });
}
