import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `POST /v1/admin/promocion`: a promotion of the branch `tag`. */
export const crearPromocion = (tag: string, datos: Esquema<'DatosPromocion'>) =>
  conMensaje(consola.POST('/api/v1/admin/promocion', { body: { tag, ...datos } }));
