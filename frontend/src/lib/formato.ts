// How dates, times, numbers and names read on screen: the one module that formats a date or a time
// ('DD, MMM' and 'hh:mm a', es-MX), whatever language the browser speaks. Every date reads
// "27, nov", with the year "27, nov 2026", with its weekday "Viernes 27, nov 2026"; every time
// "08:10 p.m."; a date with its time "27, nov · 08:10 p.m.". Weekday names are capitalised
// everywhere. A reservation's `fecha_hora` is the branch's wall time ("YYYY-MM-DD HH:MM", no zone;
// the "T" form reads the same): it is read as UTC and formatted as UTC, so the browser's own zone
// can never shift it. `eslint.config.js` refuses `toLocale*String` and `Intl.DateTimeFormat`
// anywhere else.

import { ahora as relojAhora } from './reloj';

const LOCALE = 'es-MX';

/** The branches' zone. */
export const ZONA_SUCURSAL = 'America/Mexico_City';

/** List names show their first 15 characters. */
export const LARGO_NOMBRE_LISTA = 15;

/** Weekday names, 1 = Monday … 7 = Sunday (the schedule's `dia`, a promotion's `dias`). */
export const DIAS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;

/** Short weekday names, 1 = Monday … 7 = Sunday. */
export const DIAS_CORTOS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'] as const;

/** Month names, January first, capitalised as a calendar's heading writes them. */
export const MESES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'] as const;

const fmtDia = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: 'short', timeZone: 'UTC' });
const fmtHora = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: 'UTC' });
const fmtReloj = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: true, timeZone: ZONA_SUCURSAL });
const fmtRelativo = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
const fmtEntero = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const fmtDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const fmtDiaClave = new Intl.DateTimeFormat('en-CA', { timeZone: ZONA_SUCURSAL, year: 'numeric', month: '2-digit', day: '2-digit' });
const partesEn = (zona: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const fmtPartesZona = partesEn(ZONA_SUCURSAL);

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

/**
 * A date alone ("YYYY-MM-DD"), a wall time or a time alone ("HH:MM", on an arbitrary day) as a
 * Date read as UTC; null if malformed.
 */
function leer(valor: string): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(valor)) return leerHoraLocal(`${valor} 00:00`);
  // "24:00", a day's end, reads as the midnight it is.
  if (/^\d{2}:\d{2}(:\d{2})?$/.test(valor)) return leerHoraLocal(`2000-01-01 ${valor.replace(/^24:00/, '00:00')}`);
  return leerHoraLocal(valor);
}

/** 'DD, MMM': "05, ene", of a date or a wall time. */
export function fechaCorta(fecha: string): string {
  const d = leer(fecha);
  if (!d) return fecha;
  const partes = fmtDia.formatToParts(d);
  const dia = partes.find((p) => p.type === 'day')?.value ?? '';
  const mes = (partes.find((p) => p.type === 'month')?.value ?? '').replace('.', '');
  return `${dia}, ${mes}`;
}

/** 'DD, MMM YYYY': "05, ene 2026" (where a list spans years). */
export function fechaConAnio(fecha: string): string {
  const d = leer(fecha);
  return d ? `${fechaCorta(fecha)} ${d.getUTCFullYear()}` : fecha;
}

/** The weekday's name of a date or wall time ("Viernes"); empty when malformed. */
export function nombreDia(fecha: string): string {
  const d = leer(fecha);
  return d ? (DIAS[(d.getUTCDay() + 6) % 7] ?? '') : '';
}

/** The day with its weekday and year: "Domingo 05, ene 2025". */
export function fechaLarga(fecha: string): string {
  return leer(fecha) ? `${nombreDia(fecha)} ${fechaConAnio(fecha)}` : fecha;
}

/** The day with its weekday, no year (the booking page's days, all within months): "Domingo 05, ene". */
export function fechaConDia(fecha: string): string {
  return leer(fecha) ? `${nombreDia(fecha)} ${fechaCorta(fecha)}` : fecha;
}

/** 'hh:mm a' as es-MX writes it, "02:30 p.m.", of a wall time or a time alone ("14:30"). */
export function horaCorta(fechaHora: string): string {
  const d = leer(fechaHora);
  return d ? fmtHora.format(d) : '';
}

/** "05, ene · 02:30 p.m." */
export function fechaYHora(fechaHora: string): string {
  return leerHoraLocal(fechaHora) ? `${fechaCorta(fechaHora)} · ${horaCorta(fechaHora)}` : fechaHora;
}

/** "05, ene 2026 · 02:30 p.m." (a history, which spans years). */
export function fechaVisita(fechaHora: string): string {
  return leerHoraLocal(fechaHora) ? `${fechaConAnio(fechaHora)} · ${horaCorta(fechaHora)}` : fechaHora;
}

/** The last visit's day ("05, ene 2026"), or a dash for a guest never seen. */
export function ultimaVisita(fechaHora: string | null | undefined): string {
  if (!fechaHora) return '—';
  return leerHoraLocal(fechaHora) ? fechaConAnio(fechaHora) : fechaHora;
}

/** An instant as the branch's wall time, "YYYY-MM-DD HH:MM". */
export function horaLocalEn(instante: Date, zona = ZONA_SUCURSAL): string {
  const fmt = zona === ZONA_SUCURSAL ? fmtPartesZona : partesEn(zona);
  const p = Object.fromEntries(fmt.formatToParts(instante).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** An RFC 3339 instant (a log entry's) in branch time: "22, nov 2026 · 02:42 p.m.". */
export function fechaHoraBitacora(rfc3339: string): string {
  const d = new Date(rfc3339);
  return Number.isNaN(d.getTime()) ? rfc3339 : fechaVisita(horaLocalEn(d));
}

/** The stand's clock, 12-hour with seconds: "08:00:25 p.m." in branch time. */
export function horaConSegundos(instante: Date): string {
  return fmtReloj.format(instante);
}

/** "YYYY-MM-DD" of `instante` in `zona` (a day's key, not a display). */
export function diaEn(instante: Date, zona = ZONA_SUCURSAL): string {
  return zona === ZONA_SUCURSAL ? fmtDiaClave.format(instante) : horaLocalEn(instante, zona).slice(0, 10);
}

/** "YYYY-MM-DD" moved by `dias` whole days. */
export function sumarDias(dia: string, dias: number): string {
  const d = new Date(`${dia}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** A whole number as es-MX writes it: "1,234". */
export function entero(n: number): string {
  return fmtEntero.format(n);
}

/** One decimal, as es-MX writes it: "1.5". */
export function decimal(n: number): string {
  return fmtDecimal.format(n);
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

/** A party size: '1 persona' or 'N personas'. */
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
