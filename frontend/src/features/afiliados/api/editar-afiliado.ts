import { apiConMensaje } from '@/lib/api-client';
import type { Afiliado, DatosAfiliado } from '@/types/api';

/** `PUT /v1/admin/afiliados/{id}`. */
export const editarAfiliado = (id: string, datos: DatosAfiliado) =>
  apiConMensaje<Afiliado>(`/v1/admin/afiliados/${encodeURIComponent(id)}`, { method: 'PUT', body: datos });
