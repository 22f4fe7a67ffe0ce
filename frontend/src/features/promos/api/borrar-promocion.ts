import { conMensaje, consola } from '@/lib/api-client';

/** `DELETE /v1/admin/promocion/{id}` (a soft delete: past comandas and abres keep its name). */
export const borrarPromocion = (id: string) => conMensaje(consola.DELETE('/api/v1/admin/promocion/{id}', { params: { path: { id } } }));
