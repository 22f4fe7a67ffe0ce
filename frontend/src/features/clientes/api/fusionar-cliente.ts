import { conMensaje, consola } from '@/lib/api-client';

/** `POST /v1/admin/clientes/{id}/fusionar`: the duplicate's visits move to `id`. */
export const fusionarCliente = (id: string, duplicado: string) =>
  conMensaje(consola.POST('/api/v1/admin/clientes/{id}/fusionar', { params: { path: { id } }, body: { duplicado } }));
