import { apiConMensaje } from '@/lib/api-client';
import type { DatosDia, SucursalCompleta } from '@/types/api';

/** `PUT /v1/admin/sucursal/{id}/horario`: the week's hours; answers the branch in full. */
export const guardarHorario = (id: string, datos: DatosDia[]) =>
  apiConMensaje<SucursalCompleta>(`/v1/admin/sucursal/${encodeURIComponent(id)}/horario`, { method: 'PUT', body: datos });
