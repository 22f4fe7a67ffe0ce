import { apiConMensaje } from '@/lib/api-client';
import type { DatosPromocion, Promocion } from '@/types/api';

/** `PUT /v1/admin/promocion/{id}`. */
export const editarPromocion = (id: string, datos: DatosPromocion) =>
  apiConMensaje<Promocion>(`/v1/admin/promocion/${encodeURIComponent(id)}`, { method: 'PUT', body: datos });
