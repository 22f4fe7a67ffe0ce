import { apiConMensaje } from '@/lib/api-client';

/** `PUT /v1/admin/users/{id}/password`: an administrator sets a user's password. */
export const cambiarClave = (id: string, password: string) =>
  apiConMensaje<string | null>(`/v1/admin/users/${encodeURIComponent(id)}/password`, { method: 'PUT', body: { password } });
