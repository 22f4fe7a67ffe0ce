import { apiConMensaje } from '@/lib/api-client';
import type { DatosRol, RolAdmin } from '@/types/api';

/** `PUT /v1/admin/roles/{id}`. */
export const editarRol = (id: string, datos: DatosRol) =>
  apiConMensaje<RolAdmin>(`/v1/admin/roles/${encodeURIComponent(id)}`, { method: 'PUT', body: datos });
