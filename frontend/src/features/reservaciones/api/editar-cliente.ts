import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSesion } from '@/lib/use-session';
import type { EdicionCliente, Reservacion } from '@/types/api';
import { guardarEnCache } from './cache';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/** `PUT /v1/admin/reservacion/{id}/editclient?tag=`: the guest's name, e-mail and phone. */
export function editarCliente(tag: string, id: string, datos: EdicionCliente): Promise<Reservacion> {
  return api<Reservacion>(`/v1/admin/reservacion/${encodeURIComponent(id)}/editclient`, { method: 'PUT', query: { tag }, body: datos });
}

export function useEditarCliente(id: string) {
  const { sucursal } = useSesion();
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: (datos: EdicionCliente) => editarCliente(sucursal ?? '', id, datos),
    onSuccess: (reservacion) => guardarEnCache(queryClient, sucursal ?? '', reservacion),
  });
}
