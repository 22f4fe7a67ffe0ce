import { conMensaje, consola } from '@/lib/api-client';

/** `POST /v1/admin/integraciones/claves/{id}/revocar`: its next call is refused. */
export const revocarClave = (id: string) => conMensaje(consola.POST('/api/v1/admin/integraciones/claves/{id}/revocar', { params: { path: { id } } }));
