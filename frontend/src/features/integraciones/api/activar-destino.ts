import { conMensaje, consola } from '@/lib/api-client';

/** `POST /v1/admin/integraciones/destinos/{id}/activo`: on (what waits leaves at once) or off. */
export const activarDestino = (id: string, activo: boolean) =>
  conMensaje(consola.POST('/api/v1/admin/integraciones/destinos/{id}/activo', { params: { path: { id } }, body: { activo } }));
