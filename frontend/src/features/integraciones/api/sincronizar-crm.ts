import { conMensaje, consola } from '@/lib/api-client';

/** `POST /v1/admin/integraciones/destinos/{id}/sincronizar`: every client of the CRM's branches, by pages. */
export const sincronizarCrm = (id: string) =>
  conMensaje(consola.POST('/api/v1/admin/integraciones/destinos/{id}/sincronizar', { params: { path: { id } } }));
