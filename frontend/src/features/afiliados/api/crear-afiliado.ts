import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `POST /v1/admin/afiliados`. */
export const crearAfiliado = (datos: Omit<Esquema<'Afiliado'>, '_id'>) => conMensaje(consola.POST('/api/v1/admin/afiliados', { body: datos }));
