import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSesion } from '@/lib/use-session';
import type { EdicionReservacion, Reservacion } from '@/types/api';
import { guardarEnCache } from './cache';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/** `PUT /v1/admin/reservacion/{id}?tag=`: core's refusals answer 400 with their message. */
export function editarReservacion(tag: string, id: string, datos: EdicionReservacion): Promise<Reservacion> {
  return api<Reservacion>(`/v1/admin/reservacion/${encodeURIComponent(id)}`, { method: 'PUT', query: { tag }, body: datos });
}

export function useEditarReservacion(id: string) {
  const { sucursal } = useSesion();
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: (datos: EdicionReservacion) => editarReservacion(sucursal ?? '', id, datos),
    onSuccess: (reservacion) => guardarEnCache(queryClient, sucursal ?? '', reservacion),
  });
}
