import { apiConMensaje } from '@/lib/api-client';

/** `PUT /v1/admin/clientes/{id}`: the guest's name and notes. */
export const editarCliente = (id: string, datos: { name?: string; notas?: string }) =>
  apiConMensaje<unknown>(`/v1/admin/clientes/${encodeURIComponent(id)}`, { method: 'PUT', body: datos });
