import { apiConMensaje } from '@/lib/api-client';

/** `DELETE /v1/admin/roles/{id}` (409 while users hold it, as a toast). */
export const borrarRol = (id: string) => apiConMensaje<unknown>(`/v1/admin/roles/${encodeURIComponent(id)}`, { method: 'DELETE' });
