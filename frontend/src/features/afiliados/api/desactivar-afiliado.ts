import { apiConMensaje } from '@/lib/api-client';
import type { Afiliado } from '@/types/api';

/** `DELETE /v1/admin/afiliados/{id}`: deactivates the partner (its reservations keep it). */
export const desactivarAfiliado = (id: string) =>
  apiConMensaje<Afiliado>(`/v1/admin/afiliados/${encodeURIComponent(id)}`, { method: 'DELETE' });
