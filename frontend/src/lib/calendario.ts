// The console's calendar, its arithmetic only: a month's weeks (Monday first), moving by days and
// months within a range, and reading a date typed in the ways people in Mexico write one. How a
// date reads is lib/formato's.
import { MESES, sumarDias } from './formato';

/** "YYYY-MM-DD" of year, month (1–12) and day. */
export function isoDe(anio: number, mes: number, dia: number): string {
  return `${String(anio).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

/** Year and month (1–12) of a "YYYY-MM-DD". */
export function mesDe(fecha: string): { anio: number; mes: number } {
  return { anio: Number(fecha.slice(0, 4)), mes: Number(fecha.slice(5, 7)) };
}

/** Whether "YYYY-MM-DD" is a real day. */
export function esFecha(fecha: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fecha);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const diasDelMes = (anio: number, mes: number) => new Date(Date.UTC(anio, mes, 0)).getUTCDate();

/** 1 = Monday … 7 = Sunday. */
export function diaSemana(fecha: string): number {
  const d = new Date(`${fecha}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/**
 * The weeks of a month as a calendar draws them, Monday first: each a row of seven days, those of
 * the months around it included (so every row is full).
 */
export function semanasDelMes(anio: number, mes: number): string[][] {
  const primero = isoDe(anio, mes, 1);
  const inicio = sumarDias(primero, 1 - diaSemana(primero));
  const ultimo = isoDe(anio, mes, diasDelMes(anio, mes));
  const semanas: string[][] = [];
  for (let lunes = inicio; lunes <= ultimo; lunes = sumarDias(lunes, 7)) {
    semanas.push(Array.from({ length: 7 }, (_, i) => sumarDias(lunes, i)));
  }
  return semanas;
}

/** The same day `meses` months on, on the month's last day when it has fewer. */
export function sumarMeses(fecha: string, meses: number): string {
  const { anio, mes } = mesDe(fecha);
  const total = anio * 12 + (mes - 1) + meses;
  const a = Math.floor(total / 12);
  const m = (total % 12) + 1;
  return isoDe(a, m, Math.min(Number(fecha.slice(8, 10)), diasDelMes(a, m)));
}

/** Whether `fecha` lies within `min` and `max` (either may be absent). */
export function dentro(fecha: string, min?: string, max?: string): boolean {
  return (!min || fecha >= min) && (!max || fecha <= max);
}

/** `fecha` brought within `min` and `max`. */
export function acotar(fecha: string, min?: string, max?: string): string {
  if (min && fecha < min) return min;
  if (max && fecha > max) return max;
  return fecha;
}

const plegar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

/** A month's number (1–12) from its name or its first three letters ("nov", "Noviembre", "sept"). */
function numeroMes(nombre: string): number | null {
  const n = plegar(nombre).replace(/\.$/, '');
  if (n.length < 3) return null;
  const i = MESES.findIndex((m) => plegar(m).startsWith(n));
  return i >= 0 ? i + 1 : null;
}

/**
 * A date as typed: "2026-11-27", "27/11/2026", "27-11-2026", "27, nov 2026", "27 nov 2026" or
 * "27 de noviembre de 2026" (a weekday before it is ignored). A two-digit year is this century's.
 * Null when it is none of them or no such day exists.
 */
export function leerFechaEscrita(texto: string): string | null {
  const t = plegar(texto.trim()).replace(/^(lunes|martes|miercoles|jueves|viernes|sabado|domingo|lun|mar|mie|jue|vie|sab|dom)\.?,?\s+/, '');
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return valida(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(t);
  if (m) return valida(anioCompleto(m[3] ?? ''), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2}),?\s+(?:de\s+)?([a-z]+)\.?,?\s+(?:de\s+|del\s+)?(\d{2}|\d{4})$/.exec(t);
  if (m) {
    const mes = numeroMes(m[2] ?? '');
    return mes ? valida(anioCompleto(m[3] ?? ''), mes, Number(m[1])) : null;
  }
  return null;
}

const anioCompleto = (a: string) => (a.length === 2 ? 2000 + Number(a) : Number(a));

function valida(anio: number, mes: number, dia: number): string | null {
  const iso = isoDe(anio, mes, dia);
  return esFecha(iso) ? iso : null;
}
