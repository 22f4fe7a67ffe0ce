import { conClave, consola, datos } from '@/lib/api-client';

/** `POST /v1/admin/integraciones/destinos/{id}/secreto`: a new secret; the old one signs for a day more. */
export const rotarSecreto = (id: string, clave: string) =>
  datos(consola.POST('/api/v1/admin/integraciones/destinos/{id}/secreto', { params: { path: { id }, header: conClave(clave) } }));
