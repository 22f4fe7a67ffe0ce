// What the party's page says of how it stands.

import type { Esquema } from '../../lib/cliente-api';

export interface TextoTurno {
  titulo: string;
  detalle: string | null;
  /** waiting, the table is ready (or seated), or the place closed. */
  tono: 'espera' | 'listo' | 'cerrado';
}

type Turno = Pick<Esquema<'TurnoPublico'>, 'estado' | 'avisado' | 'delante' | 'estimada_min' | 'por_el_huesped'>;

export function textoTurno(t: Turno): TextoTurno {
  if (t.estado === 'sentado') return { titulo: 'Ya tienes mesa. ¡Buen provecho!', detalle: null, tono: 'listo' };
  if (t.estado === 'se_fue') {
    return t.por_el_huesped
      ? { titulo: 'Saliste de la lista de espera.', detalle: 'Gracias por avisarnos.', tono: 'cerrado' }
      : { titulo: 'Tu lugar en la lista se cerró.', detalle: 'Si crees que es un error, habla con la hostess en la entrada.', tono: 'cerrado' };
  }
  if (t.avisado) return { titulo: '¡Tu mesa está lista!', detalle: 'Preséntate con la hostess en la entrada.', tono: 'listo' };
  // Waiting but not in the list read with it: it changed between the two reads.
  if (t.delante == null) return { titulo: 'Actualizando tu lugar…', detalle: null, tono: 'espera' };
  const delante = t.delante;
  const titulo = delante === 0 ? 'Eres el siguiente grupo.' : delante === 1 ? '1 grupo delante de ti' : `${delante} grupos delante de ti`;
  const detalle =
    t.estimada_min == null
      ? 'La hostess te llamará en cuanto haya una mesa para tu grupo.'
      : t.estimada_min === 0
        ? 'Tu mesa puede estar lista en cualquier momento.'
        : `Espera estimada: unos ${t.estimada_min} min.`;
  return { titulo, detalle, tono: 'espera' };
}
