import { apiConMensaje } from '@/lib/api-client';
import type { MeseroRef } from '@/types/api';

/** `POST /v1/admin/meseros`: a new active waiter of the branch. */
export function crearMesero(tag: string, name: string): Promise<{ message: string }> {
  return apiConMensaje<MeseroRef>('/v1/admin/meseros', { method: 'POST', body: { tag, name } });
}
