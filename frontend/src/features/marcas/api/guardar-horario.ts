import { conMensaje, consola, type Esquema } from '@/lib/api-client';

/** `PUT /v1/admin/sucursal/{id}/horario`: the week's hours; answers the branch in full. */
export const guardarHorario = (id: string, datos: Esquema<'DatosDia'>[]) =>
  conMensaje(consola.PUT('/api/v1/admin/sucursal/{id}/horario', { params: { path: { id } }, body: datos }));
