import { conMensaje, consola } from '@/lib/api-client';

/** `DELETE /v1/admin/integraciones/destinos/{id}`: the endpoint and its deliveries. */
export const eliminarDestino = (id: string) => conMensaje(consola.DELETE('/api/v1/admin/integraciones/destinos/{id}', { params: { path: { id } } }));
