import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `PUT /v1/admin/sucursal/{id}`: the branch's own data; answers it in full. */
export const editarSucursal = (id: string, datos: Esquema<'DatosEdicionSucursal'>) =>
  conMensaje(consola.PUT('/api/v1/admin/sucursal/{id}', { params: { path: { id } }, body: datos }));
