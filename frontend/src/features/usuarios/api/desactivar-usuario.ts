import { conMensaje, consola } from '@/lib/api-client';

/** `DELETE /v1/admin/users/{id}`: deactivates the user. */
export const desactivarUsuario = (id: string) =>
  conMensaje(consola.DELETE('/api/v1/admin/users/{id}', { params: { path: { id } } }));
