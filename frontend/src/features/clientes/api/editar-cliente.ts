import { conMensaje, consola } from '@/lib/api-client';

/** `PUT /v1/admin/clientes/{id}`: the guest's name and notes. */
export const editarCliente = (id: string, datos: { name?: string; notas?: string }) =>
  conMensaje(consola.PUT('/api/v1/admin/clientes/{id}', { params: { path: { id } }, body: datos }));
