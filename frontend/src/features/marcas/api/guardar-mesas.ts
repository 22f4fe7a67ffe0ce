import { apiConMensaje } from '@/lib/api-client';
import type { DatosMesa, SucursalCompleta } from '@/types/api';

/** `PUT /v1/admin/sucursal/{id}/mesas`: the tables; answers the branch in full. */
export const guardarMesas = (id: string, datos: DatosMesa[]) =>
  apiConMensaje<SucursalCompleta>(`/v1/admin/sucursal/${encodeURIComponent(id)}/mesas`, { method: 'PUT', body: datos });
