import { apiConMensaje } from '@/lib/api-client';
import type { UsuarioAdmin } from '@/types/api';

/** `DELETE /v1/admin/users/{id}`: deactivates the user. */
export const desactivarUsuario = (id: string) =>
  apiConMensaje<UsuarioAdmin>(`/v1/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
