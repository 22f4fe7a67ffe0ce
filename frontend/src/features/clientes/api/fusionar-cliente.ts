import { apiConMensaje } from '@/lib/api-client';

/** `POST /v1/admin/clientes/{id}/fusionar`: the duplicate's visits move to `id`. */
export const fusionarCliente = (id: string, duplicado: string) =>
  apiConMensaje<unknown>(`/v1/admin/clientes/${encodeURIComponent(id)}/fusionar`, { method: 'POST', body: { duplicado } });
