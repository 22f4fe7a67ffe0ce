import { conMensaje, consola } from '@/lib/api-client';

/** `POST /v1/admin/marcas` with `{name}`. */
export const crearMarca = (name: string) => conMensaje(consola.POST('/api/v1/admin/marcas', { body: { name } }));
