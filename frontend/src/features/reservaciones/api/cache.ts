import type { QueryClient } from '@tanstack/react-query';
import { claveReservacion } from './get-reservacion';
import { claveListas } from './get-reservaciones';
import type { Esquema } from '@/lib/api-client';

/**
 * After a change the server answered: the detail shows the answer at once, and every list of the
 * branch asks again (a cancelled one leaves Hoy and Próximas for Canceladas; an edited time moves).
 */
export function guardarEnCache(queryClient: QueryClient, tag: string, reservacion: Esquema<'Reservacion'>): Promise<void> {
  queryClient.setQueryData(claveReservacion(tag, reservacion._id), reservacion);
  return queryClient.invalidateQueries({ queryKey: claveListas(tag) });
}
