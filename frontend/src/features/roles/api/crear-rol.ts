import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `POST /v1/admin/roles`. */
export const crearRol = (datos: Esquema<'DatosRol'>) => conMensaje(consola.POST('/api/v1/admin/roles', { body: datos }));
