import { apiConMensaje } from '@/lib/api-client';
import type { DatosRol, RolAdmin } from '@/types/api';

/** `POST /v1/admin/roles`. */
export const crearRol = (datos: DatosRol) => apiConMensaje<RolAdmin>('/v1/admin/roles', { method: 'POST', body: datos });
