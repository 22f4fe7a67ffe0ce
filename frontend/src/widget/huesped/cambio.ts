// The guest's change of party and time, checked on the page before it is sent: Spanish words and
// the box at fault, never the browser's own bubbles. The server checks all again.

import { fechaConDia, paraCampos } from '../../lib/formato';

export interface Cambio {
  fecha: string;
  personas: number;
  hora: string;
}

export interface ErrorCambio {
  mensaje: string;
  /** The form's box it is about (its `name`); null for the form as a whole. */
  campo: 'fecha' | 'no_personas' | 'hora' | null;
}

/** The party sizes the form offers: 1 to the branch's largest online party (at least 1). */
export function opcionesPersonas(max: number): number[] {
  const n = Number.isInteger(max) && max >= 1 ? max : 1;
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** The form's first values: the reservation as it is (a party above the limit, at the limit). */
export function cambioInicial(fechaHora: string, personas: number, max: number): Cambio {
  const { fecha, hora } = paraCampos(fechaHora);
  return { fecha, personas: Math.max(1, Math.min(personas, opcionesPersonas(max).length)), hora };
}

/** A date the branch takes bookings for: `YYYY-MM-DD` within its first and last. */
export function fechaEnRango(fecha: string, min: string, max: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(fecha) && fecha >= min && fecha <= max;
}

/**
 * The change as the server takes it (`fecha_hora`, `no_personas`), or what is wrong with it.
 * `horarios`: the times the availability offers for that date and party.
 */
export function validarCambio(
  { fecha, personas, hora }: Cambio,
  { fechaMin, fechaMax, personasMax, horarios, actual }: {
    fechaMin: string;
    fechaMax: string;
    personasMax: number;
    horarios: readonly string[];
    actual: { fecha_hora: string; no_personas: number };
  },
): { ok: { fecha_hora: string; no_personas: number } } | { error: ErrorCambio } {
  if (!fechaEnRango(fecha, fechaMin, fechaMax)) {
    return { error: { mensaje: `Elige una fecha entre el ${fechaConDia(fechaMin)} y el ${fechaConDia(fechaMax)}.`, campo: 'fecha' } };
  }
  const max = opcionesPersonas(personasMax).length;
  if (!Number.isInteger(personas) || personas < 1 || personas > max) {
    return { error: { mensaje: max === 1 ? 'En línea se reserva para 1 persona.' : `Elige de 1 a ${max} personas.`, campo: 'no_personas' } };
  }
  if (!hora || !horarios.includes(hora)) {
    return { error: { mensaje: 'Elige uno de los horarios disponibles.', campo: 'hora' } };
  }
  const fecha_hora = `${fecha} ${hora}`;
  if (fecha_hora === actual.fecha_hora.slice(0, 16).replace('T', ' ') && personas === actual.no_personas) {
    return { error: { mensaje: 'Así ya está tu reservación: cambia la fecha, la hora o las personas.', campo: null } };
  }
  return { ok: { fecha_hora, no_personas: personas } };
}
