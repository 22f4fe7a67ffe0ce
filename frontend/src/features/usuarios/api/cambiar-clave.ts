import { conMensaje, consola } from '@/lib/api-client';

/** `PUT /v1/admin/users/{id}/password`: an administrator sets a user's password. */
export const cambiarClave = (id: string, password: string) =>
  conMensaje(consola.PUT('/api/v1/admin/users/{id}/password', { params: { path: { id } }, body: { password } }));
