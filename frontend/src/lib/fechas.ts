// Branch days: the weekdays' names, a day of an instant in the branches' zone, days moved by whole
// days, a log entry's instant in branch time, and a visit's date with its year.
import { fechaCorta, horaCorta, leerHoraLocal } from './formato';

/** Weekday names, 1 = Monday … 7 = Sunday (the schedule's `dia`). */
export const DIAS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;

/** Spec §9: the branches' zone. */
export const ZONA_SUCURSAL = 'America/Mexico_City';

/** "YYYY-MM-DD" of `instante` in `zona`. */
export function diaEn(instante: Date, zona = ZONA_SUCURSAL): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instante);
}

/** "YYYY-MM-DD" moved by `dias` whole days. */
export function sumarDias(dia: string, dias: number): string {
  const d = new Date(`${dia}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

const fmtInstante = new Intl.DateTimeFormat('es-MX', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
  timeZone: ZONA_SUCURSAL,
});

/** An RFC 3339 instant as es-MX date and time in branch time: "22 nov 2026, 02:42:20 p.m.". */
export function fechaHoraBitacora(rfc3339: string): string {
  const d = new Date(rfc3339);
  return Number.isNaN(d.getTime()) ? rfc3339 : fmtInstante.format(d);
}

const fmtAnio = new Intl.DateTimeFormat('es-MX', { year: 'numeric', timeZone: 'UTC' });

/** "05, ene 2026 · 02:30 p.m." (spec §9's date and time, with the year: a history spans years). */
export function fechaVisita(fechaHora: string): string {
  const fecha = leerHoraLocal(fechaHora);
  if (!fecha) return fechaHora;
  return `${fechaCorta(fechaHora)} ${fmtAnio.format(fecha)} · ${horaCorta(fechaHora)}`;
}

/** The last visit's day ("05, ene 2026"), or a dash for a guest never seen. */
export function ultimaVisita(fechaHora: string | null | undefined): string {
  if (!fechaHora) return '—';
  const fecha = leerHoraLocal(fechaHora);
  return fecha ? `${fechaCorta(fechaHora)} ${fmtAnio.format(fecha)}` : fechaHora;
}
