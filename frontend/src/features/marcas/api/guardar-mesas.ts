import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `PUT /v1/admin/sucursal/{id}/mesas`: the tables; answers the branch in full. */
export const guardarMesas = (id: string, datos: Esquema<'DatosMesa'>[]) =>
  conMensaje(consola.PUT('/api/v1/admin/sucursal/{id}/mesas', { params: { path: { id } }, body: datos }));
