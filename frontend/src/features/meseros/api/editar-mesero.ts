import { apiConMensaje } from '@/lib/api-client';
import type { MeseroRef } from '@/types/api';

/** `PUT /v1/admin/meseros/{id}`: renames a waiter, or makes an inactive one active again. */
export function editarMesero(id: string, datos: { name: string } | { activo: true }): Promise<{ message: string }> {
  return apiConMensaje<MeseroRef>(`/v1/admin/meseros/${encodeURIComponent(id)}`, { method: 'PUT', body: datos });
}
