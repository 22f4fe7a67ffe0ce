// How dates, times and names read on screen (spec §9: 'DD, MMM' and 'hh:mm a', es-MX). A
// reservation's `fecha_hora` is the branch's wall time ("YYYY-MM-DD HH:MM", no zone; the "T" form
// reads the same): it is read as UTC and formatted as UTC, so the browser's own zone can never
// shift it.

import { ahora as relojAhora } from './reloj';

const LOCALE = 'es-MX';

/** Spec §9: list names show their first 15 characters. */
export const LARGO_NOMBRE_LISTA = 15;

const fmtDia = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: 'short', timeZone: 'UTC' });
const fmtHora = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: 'UTC' });
const fmtFechaLarga = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const fmtRelativo = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });

/** A wall time ("YYYY-MM-DD[T ]HH:MM[:SS]") as a Date whose UTC fields are that wall time; null if malformed. */
export function leerHoraLocal(fechaHora: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(fechaHora);
  if (!m) return null;
  const [, a, mes, d, h, min, s] = m;
  const fecha = new Date(Date.UTC(Number(a), Number(mes) - 1, Number(d), Number(h), Number(min), Number(s ?? 0)));
  // Date.UTC rolls 13/45 over into another date: such a value is malformed, not a date.
  const exacta = fecha.getUTCMonth() === Number(mes) - 1 && fecha.getUTCDate() === Number(d) && fecha.getUTCHours() === Number(h);
  return exacta ? fecha : null;
}

/** 'DD, MMM': "05, ene". */
export function fechaCorta(fechaHora: string): string {
  const fecha = leerHoraLocal(fechaHora);
  if (!fecha) return fechaHora;
  const partes = fmtDia.formatToParts(fecha);
  const dia = partes.find((p) => p.type === 'day')?.value ?? '';
  const mes = partes.find((p) => p.type === 'month')?.value ?? '';
  return `${dia}, ${mes}`;
}

/** 'hh:mm a' as es-MX writes it: "02:30 p.m.". */
export function horaCorta(fechaHora: string): string {
  const fecha = leerHoraLocal(fechaHora);
  return fecha ? fmtHora.format(fecha) : '';
}

/** "domingo, 5 de enero de 2025". */
export function fechaLarga(fechaHora: string): string {
  const fecha = leerHoraLocal(fechaHora);
  return fecha ? fmtFechaLarga.format(fecha) : fechaHora;
}

/** The name cut to `largo` characters (whole code points) with an ellipsis when longer. */
export function nombreCorto(nombre: string, largo = LARGO_NOMBRE_LISTA): string {
  const limpio = nombre.trim();
  const letras = Array.from(limpio);
  return letras.length > largo ? `${letras.slice(0, largo).join('').trimEnd()}…` : limpio;
}

/** The word after a count of people: 'persona' for one, 'personas' otherwise ("1 de 1 persona"). */
export function palabraPersonas(n: number): 'persona' | 'personas' {
  return n === 1 ? 'persona' : 'personas';
}

/** Spec §2: '1 persona' or 'N personas'. */
export function textoPersonas(n: number): string {
  return `${n} ${palabraPersonas(n)}`;
}

const UNIDADES: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "hace 5 minutos", "ayer"; "justo ahora" under a minute. */
export function haceCuanto(instante: string, ahora: Date = relojAhora()): string {
  const t = Date.parse(instante);
  if (Number.isNaN(t)) return '';
  const segundos = Math.round((t - ahora.getTime()) / 1000);
  for (const [unidad, tamano] of UNIDADES) {
    if (Math.abs(segundos) >= tamano) return fmtRelativo.format(Math.trunc(segundos / tamano), unidad);
  }
  return 'justo ahora';
}

/** A wall time as the edit form's date and time inputs hold it. */
export function paraCampos(fechaHora: string): { fecha: string; hora: string } {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(fechaHora);
  return m ? { fecha: m[1] ?? '', hora: m[2] ?? '' } : { fecha: '', hora: '' };
}

/** The edit body's "YYYY-MM-DD HH:mm" from the form's date and time inputs. */
export function desdeCampos(fecha: string, hora: string): string {
  return `${fecha} ${hora.slice(0, 5)}`;
}

/** A stored phone (digits with country code) as people read it: "+52 55 1234 5678". */
export function telefonoLegible(digitos: string): string {
  const d = digitos.replace(/\D/g, '');
  const mx = /^52(\d{2})(\d{4})(\d{4})$/.exec(d);
  if (mx) return `+52 ${mx[1]} ${mx[2]} ${mx[3]}`;
  return d ? `+${d}` : digitos;
}
