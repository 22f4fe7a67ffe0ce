import { apiConMensaje } from '@/lib/api-client';
import type { MeseroRef } from '@/types/api';

/** `DELETE /v1/admin/meseros/{id}`: deactivates the waiter (the row stays, for old comandas). */
export function desactivarMesero(id: string): Promise<{ message: string }> {
  return apiConMensaje<MeseroRef>(`/v1/admin/meseros/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
