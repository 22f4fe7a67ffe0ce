import { apiConMensaje } from '@/lib/api-client';
import type { DatosEdicionSucursal, SucursalCompleta } from '@/types/api';

/** `PUT /v1/admin/sucursal/{id}`: the branch's own data; answers it in full. */
export const editarSucursal = (id: string, datos: DatosEdicionSucursal) =>
  apiConMensaje<SucursalCompleta>(`/v1/admin/sucursal/${encodeURIComponent(id)}`, { method: 'PUT', body: datos });
