import { conClave, consola, datos, type Esquema } from '@/lib/api-client';

/** `POST /v1/admin/integraciones/destinos`: the signing secret comes back this once. */
export const crearDestino = (cuerpo: Esquema<'DatosDestino'>, clave: string) =>
  datos(consola.POST('/api/v1/admin/integraciones/destinos', { body: cuerpo, params: { header: conClave(clave) } }));
