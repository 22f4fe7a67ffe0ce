import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `PUT /v1/admin/promocion/{id}`. */
export const editarPromocion = (id: string, datos: Esquema<'DatosPromocion'>) =>
  conMensaje(consola.PUT('/api/v1/admin/promocion/{id}', { params: { path: { id } }, body: datos }));
