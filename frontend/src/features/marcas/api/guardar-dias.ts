import { apiConMensaje } from '@/lib/api-client';
import type { DatosDiaEspecial, SucursalCompleta } from '@/types/api';

/** `PUT /v1/admin/sucursal/{id}/days`: closed and special days; answers the branch in full. */
export const guardarDias = (id: string, datos: DatosDiaEspecial[]) =>
  apiConMensaje<SucursalCompleta>(`/v1/admin/sucursal/${encodeURIComponent(id)}/days`, { method: 'PUT', body: datos });
