import type { QueryClient } from '@tanstack/react-query';
import type { Reservacion } from '@/types/api';
import { claveReservacion } from './get-reservacion';
import { claveListas } from './get-reservaciones';

/**
 * After a change the server answered: the detail shows the answer at once, and every list of the
 * branch asks again (a cancelled one leaves Hoy and Próximas for Canceladas; an edited time moves).
 */
export function guardarEnCache(queryClient: QueryClient, tag: string, reservacion: Reservacion): Promise<void> {
  queryClient.setQueryData(claveReservacion(tag, reservacion._id), reservacion);
  return queryClient.invalidateQueries({ queryKey: claveListas(tag) });
}
