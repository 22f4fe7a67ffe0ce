import { apiConMensaje } from '@/lib/api-client';
import type { DatosPromocion, Promocion } from '@/types/api';

/** `POST /v1/admin/promocion`: a promotion of the branch `tag`. */
export const crearPromocion = (tag: string, datos: DatosPromocion) =>
  apiConMensaje<Promocion>('/v1/admin/promocion', { method: 'POST', body: { tag, ...datos } });
