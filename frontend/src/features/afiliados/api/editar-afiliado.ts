import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `PUT /v1/admin/afiliados/{id}`. */
export const editarAfiliado = (id: string, datos: Omit<Esquema<'Afiliado'>, '_id'>) =>
  conMensaje(consola.PUT('/api/v1/admin/afiliados/{id}', { params: { path: { id } }, body: datos }));
