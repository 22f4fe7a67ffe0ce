import { apiConMensaje } from '@/lib/api-client';
import type { Marca } from '@/types/api';

/** `POST /v1/admin/marcas` with `{name}`. */
export const crearMarca = (name: string) => apiConMensaje<Marca>('/v1/admin/marcas', { method: 'POST', body: { name } });
