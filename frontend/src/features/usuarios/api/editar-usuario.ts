import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `PUT /v1/admin/users/{id}`. */
export const editarUsuario = (id: string, datos: Esquema<'DatosUsuario'>) =>
  conMensaje(consola.PUT('/api/v1/admin/users/{id}', { params: { path: { id } }, body: datos }));
