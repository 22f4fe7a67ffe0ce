// The promotions calls (spec §7): the branch's promotions and the writes. Every write refreshes
// every promotion list of the branch, the order forms' active ones included.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiConMensaje } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import type { DatosPromocion, Promocion } from '@/types/api';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/** `GET /v1/admin/promocion?tag=`: every promotion of the branch, with whether it applies today. */
export function getPromociones(tag: string, signal?: AbortSignal): Promise<Promocion[]> {
  return api<Promocion[]>('/v1/admin/promocion', { query: { tag }, signal });
}

export const promocionesQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'promociones', 'todas'),
    queryFn: ({ signal }) => getPromociones(tag, signal),
  });

export function usePromociones() {
  const { sucursal } = useSesion();
  return useQuery({ ...promocionesQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}

export type EscrituraPromo =
  | { tipo: 'crear'; datos: DatosPromocion }
  | { tipo: 'editar'; id: string; datos: DatosPromocion }
  | { tipo: 'borrar'; id: string };

/** `POST /promocion`, `PUT /promocion/{id}`, `DELETE /promocion/{id}`. */
export function escribirPromo(tag: string, e: EscrituraPromo): Promise<{ message: string }> {
  const ruta = (id: string) => `/v1/admin/promocion/${encodeURIComponent(id)}`;
  switch (e.tipo) {
    case 'crear':
      return apiConMensaje<Promocion>('/v1/admin/promocion', { method: 'POST', body: { tag, ...e.datos } });
    case 'editar':
      return apiConMensaje<Promocion>(ruta(e.id), { method: 'PUT', body: e.datos });
    case 'borrar':
      return apiConMensaje<unknown>(ruta(e.id), { method: 'DELETE' });
  }
}

export function useEscribirPromo() {
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  const tag = sucursal ?? '';
  return useMutacionUnica({
    mutationFn: (e: EscrituraPromo) => escribirPromo(tag, e),
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: claveSucursal(tag, 'promociones') });
    },
  });
}
