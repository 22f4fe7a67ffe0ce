import { conMensaje, consola } from '@/lib/api-client';

/** `POST /v1/admin/integraciones/destinos/{id}/prueba`: queues a `webhook.prueba` event. */
export const probarDestino = (id: string) => conMensaje(consola.POST('/api/v1/admin/integraciones/destinos/{id}/prueba', { params: { path: { id } } }));
