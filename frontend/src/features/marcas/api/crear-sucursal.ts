import { apiConMensaje } from '@/lib/api-client';
import type { DatosSucursal, SucursalCompleta } from '@/types/api';

/** `POST /v1/admin/sucursal`: a new branch of a brand; answers it in full. */
export const crearSucursal = (datos: DatosSucursal) => apiConMensaje<SucursalCompleta>('/v1/admin/sucursal', { method: 'POST', body: datos });
