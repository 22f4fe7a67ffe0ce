import { conClave, consola, datos, type Esquema } from '@/lib/api-client';

/** `POST /v1/admin/integraciones/claves`: the key's secret comes back this once. */
export const crearClave = (cuerpo: Esquema<'DatosClave'>, clave: string) =>
  datos(consola.POST('/api/v1/admin/integraciones/claves', { body: cuerpo, params: { header: conClave(clave) } }));
