import { conMensaje, consola } from '@/lib/api-client';

/** `POST /v1/admin/meseros`: a new active waiter of the branch. */
export function crearMesero(tag: string, name: string): Promise<{ message: string }> {
  return conMensaje(consola.POST('/api/v1/admin/meseros', { body: { tag, name } }));
}
