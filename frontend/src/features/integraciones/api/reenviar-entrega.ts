import { conMensaje, consola } from '@/lib/api-client';

/** `POST /v1/admin/integraciones/destinos/{id}/entregas/{entrega}/reenviar`: the same `webhook-id` again. */
export const reenviarEntrega = (id: string, entrega: string) =>
  conMensaje(consola.POST('/api/v1/admin/integraciones/destinos/{id}/entregas/{entrega}/reenviar', { params: { path: { id, entrega } } }));
