import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `POST /v1/admin/users`. */
export const crearUsuario = (datos: Esquema<'DatosUsuario'>) => conMensaje(consola.POST('/api/v1/admin/users', { body: datos }));
