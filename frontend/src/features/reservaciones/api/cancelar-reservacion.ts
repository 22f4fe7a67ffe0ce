import { useQueryClient } from '@tanstack/react-query';
import { conMensaje, consola, type Esquema } from '@/lib/api-client';
import { useSesion } from '@/lib/use-session';
import { guardarEnCache } from './cache';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/**
 * `PUT /v1/admin/reservacion/{id}/cancel?tag=`: 409 with the reason when it is not Pendiente.
 * Answers the server's line too, which the screen announces.
 */
export function cancelarReservacion(tag: string, id: string): Promise<{ data: Esquema<'Reservacion'>; message: string }> {
  return conMensaje(consola.PUT('/api/v1/admin/reservacion/{id}/cancel', { params: { path: { id }, query: { tag } } }));
}

/** Cancels, then the detail shows the answer and every list of the branch asks again. */
export function useCancelarReservacion() {
  const { sucursal } = useSesion();
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: (id: string) => cancelarReservacion(sucursal ?? '', id),
    onSuccess: ({ data }) => guardarEnCache(queryClient, sucursal ?? '', data),
  });
}
