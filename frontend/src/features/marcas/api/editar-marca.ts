import { apiConMensaje } from '@/lib/api-client';
import type { Marca } from '@/types/api';

/** `PUT /v1/admin/marcas/{id}` with `{name}`. */
export const editarMarca = (id: string, name: string) =>
  apiConMensaje<Marca>(`/v1/admin/marcas/${encodeURIComponent(id)}`, { method: 'PUT', body: { name } });
