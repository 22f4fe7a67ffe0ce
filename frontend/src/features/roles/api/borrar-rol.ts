import { conMensaje, consola } from '@/lib/api-client';

/** `DELETE /v1/admin/roles/{id}` (409 while users hold it, as a toast). */
export const borrarRol = (id: string) => conMensaje(consola.DELETE('/api/v1/admin/roles/{id}', { params: { path: { id } } }));
