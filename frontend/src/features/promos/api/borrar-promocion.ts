import { apiConMensaje } from '@/lib/api-client';

/** `DELETE /v1/admin/promocion/{id}` (a soft delete: past comandas and abres keep its name). */
export const borrarPromocion = (id: string) => apiConMensaje<unknown>(`/v1/admin/promocion/${encodeURIComponent(id)}`, { method: 'DELETE' });
