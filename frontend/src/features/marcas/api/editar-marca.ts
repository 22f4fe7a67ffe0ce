import { conMensaje, consola } from '@/lib/api-client';

/** `PUT /v1/admin/marcas/{id}` with `{name}`. */
export const editarMarca = (id: string, name: string) =>
  conMensaje(consola.PUT('/api/v1/admin/marcas/{id}', { params: { path: { id } }, body: { name } }));
