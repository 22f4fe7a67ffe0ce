import { apiConMensaje } from '@/lib/api-client';
import type { DatosUsuario, UsuarioAdmin } from '@/types/api';

/** `PUT /v1/admin/users/{id}`. */
export const editarUsuario = (id: string, datos: DatosUsuario) =>
  apiConMensaje<UsuarioAdmin>(`/v1/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body: datos });
