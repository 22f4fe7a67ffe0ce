// Pure helpers of the branch editor: the zone choices, the week's rows and the forms' payloads.
import { DIAS } from '@/lib/formato';
import type { Esquema } from '@/lib/api-client';

/** Mexico's IANA zones, the branch's own first when it has another. */
export const ZONAS_MEXICO = [
  'America/Mexico_City',
  'America/Monterrey',
  'America/Cancun',
  'America/Tijuana',
  'America/Hermosillo',
  'America/Mazatlan',
  'America/Chihuahua',
  'America/Merida',
] as const;

export function zonasPara(actual: string | null | undefined): string[] {
  const zonas: string[] = [...ZONAS_MEXICO];
  return actual && !zonas.includes(actual) ? [actual, ...zonas] : zonas;
}

export interface FilaHorario {
  dia: number;
  abre: string;
  cierra: string;
  cerrado: boolean;
}

/** Seven rows, Monday first; a weekday missing from the stored schedule starts closed. */
export function semanaCompleta(horario: readonly Esquema<'DatosDia'>[]): FilaHorario[] {
  return DIAS.map((_, i) => {
    const dia = i + 1;
    const h = horario.find((d) => d.dia === dia);
    return { dia, abre: h?.abre ?? '', cierra: h?.cierra ?? '', cerrado: h ? (h.cerrado ?? false) : true };
  });
}

export interface FilaMesa {
  numero: number | null;
  asientos: number | null;
  combinable: boolean;
  /** The room it stands in; the floor groups tables by it. */
  area: string;
  forma: 'cuadrada' | 'redonda';
  /** Its place in the floor's plan (percent), kept as it was. */
  x: number | null;
  y: number | null;
}

export const mesasDe = (s: Pick<Esquema<'Sucursal'>, 'mesas'>): FilaMesa[] =>
  [...s.mesas]
    .sort((a, b) => a.numero - b.numero)
    .map(({ numero, asientos, combinable, area, forma, x, y }) => ({ numero, asientos, combinable, area, forma: forma === 'redonda' ? 'redonda' : 'cuadrada', x: x ?? null, y: y ?? null }));

/** A new row: the next table number after the highest, with the last row's seats. */
export function mesaNueva(filas: readonly FilaMesa[]): FilaMesa {
  const mayor = filas.reduce((m, f) => Math.max(m, f.numero ?? 0), 0);
  return { numero: mayor + 1, asientos: filas.at(-1)?.asientos ?? 4, combinable: true, area: filas.at(-1)?.area ?? 'Salón', forma: 'cuadrada', x: null, y: null };
}

/** What the tables call sends; an empty box goes as 0 so the server's rule names it. */
export const datosMesas = (filas: readonly FilaMesa[]): Esquema<'DatosMesa'>[] =>
  filas.map((f) => ({ numero: f.numero ?? 0, asientos: f.asientos ?? 0, combinable: f.combinable, area: f.area, forma: f.forma, x: f.x, y: f.y }));

export interface FilaDia {
  fecha: string;
  tipo: 'cerrado' | 'especial';
  abre: string;
  cierra: string;
  motivo: string;
}

export const diasDe = (s: Pick<Esquema<'Sucursal'>, 'days'>): FilaDia[] =>
  [...s.days]
    .sort((a, b) => a.fecha.localeCompare(b.fecha))
    .map((d) => ({ fecha: d.fecha, tipo: d.tipo === 'especial' ? 'especial' : 'cerrado', abre: d.abre ?? '', cierra: d.cierra ?? '', motivo: d.motivo }));

/** A closed day has no hours: they are sent as null whatever the boxes hold. */
export const datosDias = (filas: readonly FilaDia[]): Esquema<'DatosDiaEspecial'>[] =>
  filas.map((f) => ({
    fecha: f.fecha,
    tipo: f.tipo,
    abre: f.tipo === 'especial' ? f.abre || null : null,
    cierra: f.tipo === 'especial' ? f.cierra || null : null,
    motivo: f.motivo.trim() || null,
  }));
