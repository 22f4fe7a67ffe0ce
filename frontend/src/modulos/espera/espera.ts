// The waitlist as the host reads it: how a party's wait stands against what it was quoted (the
// colour of its minutes), the wait written out, and the state of its call ("Avisado 07:42 p.m. ·
// mensaje enviado"). Times of a call are read in the branch's zone by core (`horaSucursal`).
import { horaCorta } from '@/lib/formato';
import { horaSucursal, type ConfigHorario } from '@/lib/wasm';
import type { Esquema } from '@/lib/api-client';

/**
 * Where a party's wait stands: within its quote, past it (amber), well past it (red: more than
 * `MARGEN_EXCEDIDO_MIN` over), or without a quote (no table of the branch seats it).
 */
export type TonoEspera = 'en-tiempo' | 'pasado' | 'excedido' | 'sin-cotizacion';

/** Minutes past the quote after which a wait shows red. */
export const MARGEN_EXCEDIDO_MIN = 10;

export function tonoEspera(esperandoMin: number, cotizadaMin: number | null | undefined): TonoEspera {
  if (cotizadaMin == null) return 'sin-cotizacion';
  const pasado = esperandoMin - cotizadaMin;
  if (pasado > MARGEN_EXCEDIDO_MIN) return 'excedido';
  if (pasado > 0) return 'pasado';
  return 'en-tiempo';
}

/** The classes of each tone: text and the small dot before it. */
export const CLASES_TONO: Record<TonoEspera, string> = {
  'en-tiempo': 'text-stone-700',
  pasado: 'text-amber-800 font-semibold',
  excedido: 'text-red-700 font-semibold',
  'sin-cotizacion': 'text-stone-700',
};

/** "esperando 12 min" and "cotizado 15 min" ("sin cotización" when no table seats the party). */
export function textoEspera(g: Pick<Esquema<'GrupoEnEspera'>, 'esperando_min' | 'cotizada_min'>): { esperando: string; cotizado: string } {
  const cotizado = g.cotizada_min == null ? 'sin cotización' : `cotizado ${g.cotizada_min} min`;
  return { esperando: `esperando ${g.esperando_min} min`, cotizado };
}

const MENSAJE: Record<Esquema<'EstadoMensajeEspera'>, string> = {
  pendiente: 'mensaje en cola',
  enviado: 'mensaje enviado',
  fallido: 'falló el mensaje',
};

/**
 * "Avisado 07:42 p.m. · mensaje enviado": when the party was called, at the branch, and how its
 * message went; null for a party never called.
 */
export function textoAviso(
  g: Pick<Esquema<'GrupoEnEspera'>, 'avisado' | 'mensaje'>,
  horario: ConfigHorario | null = null,
): { texto: string; mensaje: Esquema<'EstadoMensajeEspera'> | null } | null {
  if (!g.avisado) return null;
  let hora = horaSucursal(g.avisado, horario);
  // Settings core refuses (an unknown zone): the instant is read in the branches' default zone.
  if (!('ok' in hora) && horario) hora = horaSucursal(g.avisado, null);
  const cuando = 'ok' in hora ? `Avisado ${horaCorta(`${hora.ok.fecha} ${hora.ok.hora}`)}` : 'Avisado';
  const mensaje = g.mensaje ?? null;
  return { texto: mensaje ? `${cuando} · ${MENSAJE[mensaje]}` : cuando, mensaje };
}

/** The quick reasons a party leaves, offered before the free text. */
export const MOTIVOS_SALIDA = ['Se cansó de esperar', 'No contestó', 'Encontró otro lugar'] as const;
