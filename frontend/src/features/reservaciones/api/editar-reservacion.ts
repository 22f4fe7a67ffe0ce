import { useQueryClient } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { useSesion } from '@/lib/use-session';
import { guardarEnCache } from './cache';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/** `PUT /v1/admin/reservacion/{id}?tag=`: core's refusals answer 400 with their message. */
export function editarReservacion(tag: string, id: string, cambios: Esquema<'EdicionReservacion'>): Promise<Esquema<'Reservacion'>> {
  return datos(consola.PUT('/api/v1/admin/reservacion/{id}', { params: { path: { id }, query: { tag } }, body: cambios }));
}

export function useEditarReservacion(id: string) {
  const { sucursal } = useSesion();
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: (datos: Esquema<'EdicionReservacion'>) => editarReservacion(sucursal ?? '', id, datos),
    onSuccess: (reservacion) => guardarEnCache(queryClient, sucursal ?? '', reservacion),
  });
}
