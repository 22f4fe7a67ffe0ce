import { apiConMensaje } from '@/lib/api-client';
import type { DatosUsuario, UsuarioAdmin } from '@/types/api';

/** `POST /v1/admin/users`. */
export const crearUsuario = (datos: DatosUsuario) => apiConMensaje<UsuarioAdmin>('/v1/admin/users', { method: 'POST', body: datos });
