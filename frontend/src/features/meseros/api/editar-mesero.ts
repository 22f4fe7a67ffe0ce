import { conMensaje, consola } from '@/lib/api-client';

/** `PUT /v1/admin/meseros/{id}`: renames a waiter, or makes an inactive one active again. */
export function editarMesero(id: string, datos: { name: string } | { activo: true }): Promise<{ message: string }> {
  return conMensaje(consola.PUT('/api/v1/admin/meseros/{id}', { params: { path: { id } }, body: datos }));
}
