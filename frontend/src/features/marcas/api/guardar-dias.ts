import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `PUT /v1/admin/sucursal/{id}/days`: closed and special days; answers the branch in full. */
export const guardarDias = (id: string, datos: Esquema<'DatosDiaEspecial'>[]) =>
  conMensaje(consola.PUT('/api/v1/admin/sucursal/{id}/days', { params: { path: { id } }, body: datos }));
