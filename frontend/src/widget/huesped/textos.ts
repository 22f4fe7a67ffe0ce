// What the guest's pages say about a reservation's state and its deadlines: pure, so the words
// are tested apart from the pages.

import { fechaConDia, horaCorta, leerHoraLocal } from '../../lib/formato';
import type { Esquema } from '../../lib/cliente-api';

/** The state as staff and guests read it (core's `Esquema<'EstadoReservacion'>::etiqueta`). */
export function etiquetaEstado(status: Esquema<'EstadoReservacion'>): string {
  switch (status) {
    case 'Pendiente':
      return 'Pendiente';
    case 'Asistio':
      return 'Asistió';
    case 'Vencido':
      return 'No asistió';
    case 'Cancelada':
      return 'Cancelada';
  }
}

/** The server's refusal of an action on a reservation that is no longer pending, word for word. */
export function mensajeNoPendiente(status: Esquema<'EstadoReservacion'>): string {
  return `La reservación ya no está pendiente: está en «${etiquetaEstado(status)}»`;
}

// The server's words for a link that no longer works (core's `ReglaError`), shown before any tap.
export const ENLACE_USADO = 'Este enlace ya se usó.';
export const ENLACE_VENCIDO = 'El enlace venció: la hora de la reservación ya pasó.';
export const ENLACE_INVALIDO = 'El enlace no es válido. Ábrelo tal como llegó en el mensaje.';

/** What a reminder's link page offers, read from the link as the server answered it. */
export type EstadoEnlace =
  /** The link works: the page offers its one button. */
  | { tipo: 'abierto'; proposito: 'confirmar' | 'cancelar' }
  /** What the link asks is already so (confirmed, cancelled): nothing to do. */
  | { tipo: 'hecho'; titulo: string; mensaje: string }
  /** The link cannot be used: used, expired, or the reservation ended otherwise. */
  | { tipo: 'cerrado'; titulo: string; mensaje: string };

export function estadoEnlace({ proposito, usado, vencido, reservacion: r }: Esquema<'EnlaceHuesped'>): EstadoEnlace {
  if (proposito !== 'confirmar' && proposito !== 'cancelar') {
    return { tipo: 'cerrado', titulo: 'Este enlace no es válido', mensaje: ENLACE_INVALIDO };
  }
  if (proposito === 'cancelar' && r.status === 'Cancelada') {
    return { tipo: 'hecho', titulo: 'Tu reservación ya está cancelada', mensaje: usado ? ENLACE_USADO : 'No hace falta hacer nada más.' };
  }
  if (r.status !== 'Pendiente') {
    const titulo = r.status === 'Cancelada' ? 'Esta reservación está cancelada' : r.status === 'Asistio' ? '¡Gracias por tu visita!' : 'Esta reservación ya pasó';
    return { tipo: 'cerrado', titulo, mensaje: `${mensajeNoPendiente(r.status)}.` };
  }
  if (proposito === 'confirmar' && r.confirmada) {
    return { tipo: 'hecho', titulo: 'Tu asistencia ya está confirmada', mensaje: usado ? ENLACE_USADO : '¡Te esperamos!' };
  }
  if (usado) return { tipo: 'cerrado', titulo: 'Este enlace ya se usó', mensaje: ENLACE_USADO };
  if (vencido) return { tipo: 'cerrado', titulo: 'Este enlace venció', mensaje: ENLACE_VENCIDO };
  return { tipo: 'abierto', proposito };
}

/** "las 07:15 p.m.", and "la 01:00 p.m." (Spanish says "la una"). */
export function laHora(fechaHora: string): string {
  const hora = horaCorta(fechaHora);
  return hora.startsWith('01:') ? `la ${hora}` : `las ${hora}`;
}

/** "Viernes 27, nov" of a wall time; empty when malformed. */
function dia(fechaHora: string): string {
  return leerHoraLocal(fechaHora) ? fechaConDia(fechaHora.slice(0, 10)) : '';
}

const mismoDia = (a: string, b: string) => a.slice(0, 10) === b.slice(0, 10);

/** While the guest may still change online: until when (the day too, when it is not the reservation's). */
export function textoPlazo(cambiarHasta: string | null | undefined, fechaHora: string): string {
  if (!cambiarHasta || !leerHoraLocal(cambiarHasta)) return 'Puedes cambiarla o cancelarla aquí.';
  return mismoDia(cambiarHasta, fechaHora)
    ? `Puedes cambiarla o cancelarla aquí hasta ${laHora(cambiarHasta)} del día de tu reservación.`
    : // "p.m." ends the sentence already.
      `Puedes cambiarla o cancelarla aquí hasta el ${dia(cambiarHasta)} a ${laHora(cambiarHasta)}`.replace(/([^.])$/, '$1.');
}

/** A pending reservation the guest may no longer change online: since when, and whom to call. */
export function textoCierre(cambiarHasta: string | null | undefined, fechaHora: string): string {
  if (!cambiarHasta || !leerHoraLocal(cambiarHasta)) return 'Los cambios en línea ya cerraron; llama a la sucursal.';
  return mismoDia(cambiarHasta, fechaHora)
    ? `Los cambios en línea cerraron a ${laHora(cambiarHasta)}; llama a la sucursal.`
    : `Los cambios en línea cerraron el ${dia(cambiarHasta)} a ${laHora(cambiarHasta)}; llama a la sucursal.`;
}
