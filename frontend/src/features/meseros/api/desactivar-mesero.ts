import { conMensaje, consola } from '@/lib/api-client';

/** `DELETE /v1/admin/meseros/{id}`: deactivates the waiter (the row stays, for old comandas). */
export function desactivarMesero(id: string): Promise<{ message: string }> {
  return conMensaje(consola.DELETE('/api/v1/admin/meseros/{id}', { params: { path: { id } } }));
}
