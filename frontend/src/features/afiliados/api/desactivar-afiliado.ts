import { conMensaje, consola } from '@/lib/api-client';

/** `DELETE /v1/admin/afiliados/{id}`: deactivates the partner (its reservations keep it). */
export const desactivarAfiliado = (id: string) =>
  conMensaje(consola.DELETE('/api/v1/admin/afiliados/{id}', { params: { path: { id } } }));
