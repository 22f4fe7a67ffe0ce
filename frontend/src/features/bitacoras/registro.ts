import type { Esquema } from '@/lib/api-client';
// Where an entry's record opens: its words come from the server (core's labels), only the
// console's own routes are decided here.

/** The detail screen of the record an entry is about. */
export function rutaDeRegistro(enlace: Esquema<'EnlaceRegistro'>): string {
  const id = encodeURIComponent(enlace._id);
  return enlace.tipo === 'walkin' ? `/walkin/todas/${id}` : `/reservaciones/todas/${id}`;
}
