import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `PUT /v1/admin/roles/{id}`. */
export const editarRol = (id: string, datos: Esquema<'DatosRol'>) =>
  conMensaje(consola.PUT('/api/v1/admin/roles/{id}', { params: { path: { id } }, body: datos }));
