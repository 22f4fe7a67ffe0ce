// The order (comanda and abre) as both flows hold it — the walk-in wizard and the attendance —
// and what they send and print. Every rule is core's (lib/wasm); this file only moves fields.
import {
  agregarPromo,
  conteosDesdeReservacion,
  horaSucursal,
  modoAlSentar,
  validarCampoComanda,
  walkinNuevo,
  type ConfigHorario,
  type ConteosComanda,
  type EstadoReservacion,
  type Evento,
  type FormularioWalkin,
  type ModoAlSentar,
  type PromoAplicada,
} from '@/lib/wasm';
import type { DatosPersonales } from '@/lib/wasm';
import { ahora as relojAhora } from '@/lib/reloj';
import type { Esquema } from '@/lib/api-client';

/** Core's walk-in wizard form: the attendance fills the same fields. */
export type FormularioOrden = FormularioWalkin;

export { EVENTOS } from '@/lib/eventos';

/** The added-promotions table shows three rows a page. */
export const PROMOS_POR_PAGINA = 3;

/**
 * The buffet mode core suggests for a party seated now at the branch (promo from the late cutoff
 * on), by the branch's own time settings (zone, buffet hours, late cutoff) when given. A party
 * that arrived earlier (`llegada`, RFC 3339: it joined the waitlist) keeps its arrival's mode when
 * the branch charges the buffet by the time of arrival; `llegada` of the answer then says when.
 */
export function sugerenciaModo(ahora: Date = relojAhora(), config: ConfigHorario | null = null, llegada: string | null = null): ModoAlSentar {
  const modo = modoAlSentar(llegada, ahora.toISOString(), config);
  if ('ok' in modo) return modo.ok;
  // An arrival core cannot read (it never sends one) leaves the seating's time to decide.
  const hora = horaSucursal(ahora.toISOString(), config);
  return { modo: 'ok' in hora ? hora.ok.modo_sugerido : 'Regular', llegada: null, cambio: false };
}

/** Whether core suggests the promo buffet for a party seated now (see `sugerenciaModo`). */
export function promoSugerido(ahora: Date = relojAhora(), config: ConfigHorario | null = null, llegada: string | null = null): boolean {
  return sugerenciaModo(ahora, config, llegada).modo === 'Promo';
}

/** A new walk-in: core's defaults, in the buffet mode core suggests for now (or its arrival). */
export function ordenNueva(tag: string, ahora: Date = relojAhora(), config: ConfigHorario | null = null, llegada: string | null = null): FormularioOrden {
  return walkinNuevo(tag, promoSugerido(ahora, config, llegada));
}

/** The order of a reservation being seated: its guest, and every guest an adult (and a promo adult), the other counts 0. */
export function ordenDeReservacion(
  r: Esquema<'Reservacion'>,
  tag: string,
  ahora: Date = relojAhora(),
  config: ConfigHorario | null = null,
): FormularioOrden {
  const promo = promoSugerido(ahora, config);
  const c = conteosDesdeReservacion(r.no_personas, promo);
  return {
    ...walkinNuevo(tag, promo),
    name: r.name,
    email: r.email ?? '',
    phone: r.phone ?? '',
    evento: r.evento,
    marca: r.marca.name,
    sucursal: r.sucursal.name,
    status: r.status,
    no_personas: c.no_personas ?? null,
    buffet_adulto: c.buffet_adulto ?? null,
    buffet_boy: c.buffet_boy ?? null,
    buffet_promo_adulto: c.buffet_promo_adulto ?? null,
    buffet_promo_girl: c.buffet_promo_girl ?? null,
    buffet_promo_boy: c.buffet_promo_boy ?? null,
    isAfter7pm: c.isAfter7pm,
  };
}

/** The counts core's order rules read. */
export function conteosDe(f: FormularioOrden): ConteosComanda {
  return {
    no_personas: f.no_personas,
    buffet_adulto: f.buffet_adulto,
    buffet_boy: f.buffet_boy,
    buffet_promo_adulto: f.buffet_promo_adulto,
    buffet_promo_girl: f.buffet_promo_girl,
    buffet_promo_boy: f.buffet_promo_boy,
    isAfter7pm: f.isAfter7pm,
  };
}

export type CampoConteo = 'no_personas' | 'buffet_adulto' | 'buffet_boy' | 'buffet_promo_adulto' | 'buffet_promo_girl' | 'buffet_promo_boy';

/** The buffet boxes of each mode, with the names staff read. */
export function camposBuffet(promo: boolean): { campo: CampoConteo; etiqueta: string }[] {
  return promo
    ? [
        { campo: 'buffet_promo_adulto', etiqueta: 'Caballero' },
        { campo: 'buffet_promo_girl', etiqueta: 'Dama' },
        { campo: 'buffet_promo_boy', etiqueta: 'Niño' },
      ]
    : [
        { campo: 'buffet_adulto', etiqueta: 'Adulto' },
        { campo: 'buffet_boy', etiqueta: 'Niño' },
      ];
}

/**
 * The inline messages after a field was edited: the edited field is checked, and so is
 * every field that showed a message, so fixing one clears the other's (Caballero or Dama).
 */
export function mensajesInline(
  anteriores: Readonly<Partial<Record<CampoConteo, string>>>,
  f: FormularioOrden,
  editado: CampoConteo | null,
): Partial<Record<CampoConteo, string>> {
  const campos = new Set<CampoConteo>(Object.keys(anteriores) as CampoConteo[]);
  if (editado) campos.add(editado);
  const conteos = conteosDe(f);
  const salida: Partial<Record<CampoConteo, string>> = {};
  for (const campo of campos) {
    const r = validarCampoComanda(conteos, campo);
    if ('error' in r) salida[campo] = r.error.mensaje;
  }
  return salida;
}

/** The order part of either save. */
export function solicitudComanda(f: FormularioOrden): Esquema<'SolicitudComanda'> {
  return { mesa: f.mesa.trim(), mesero_id: f.mesero_id, ...conteosDe(f) };
}

/** A walk-in as the server takes it; `personal` is what core's check of the first step answered. */
export function solicitudWalkin(f: FormularioOrden, personal: DatosPersonales, promos: PromoAplicada[]): Esquema<'SolicitudWalkin'> {
  return {
    tag_sucursal: f.tag,
    name: personal.name,
    email: personal.email ?? null,
    phone: personal.phone ?? null,
    evento: personal.evento ?? f.evento,
    comanda: solicitudComanda(f),
    abre: { promo: promos },
  };
}

/** An attendance as the server takes it. */
export function solicitudAsistencia(f: FormularioOrden, promos: PromoAplicada[]): Esquema<'SolicitudAsistencia'> {
  const asistio: EstadoReservacion = 'Asistio';
  return { tag_sucursal: f.tag, status: asistio, no_personas: f.no_personas, comanda: solicitudComanda(f), abre: { promo: promos } };
}

/**
 * Whether core asks this promotion for the celebrants' names: its catalogue entry's
 * `pide_nombres` (as `activas` answers it) says so, or it is the birthday promotion.
 */
export function pideFestejados(p: Pick<PromoAplicada, '_id' | 'name' | 'pide_nombres'>): boolean {
  const prueba = agregarPromo([], { _id: p._id, name: p.name, qty: 1, field: null, pide_nombres: p.pide_nombres ?? null }, 1);
  return 'error' in prueba && prueba.error.codigo === 'festejados_requeridos';
}

/**
 * Whether a saved promotion is the birthday one, whose ticket prints the cake and the greeting:
 * a saved abre keeps no catalogue flag, and without one core asks only the birthday promotion.
 */
export function esCumpleanos(p: Pick<PromoAplicada, '_id' | 'name'>): boolean {
  return pideFestejados({ _id: p._id, name: p.name, pide_nombres: null });
}

/** One page of a list, the page number kept within the pages there are. */
export function paginar<T>(lista: readonly T[], pagina: number, porPagina: number): { items: T[]; pagina: number; paginas: number } {
  const paginas = Math.max(1, Math.ceil(lista.length / porPagina));
  const actual = Math.min(Math.max(1, pagina), paginas);
  return { items: lista.slice((actual - 1) * porPagina, actual * porPagina), pagina: actual, paginas };
}

// ---- the tickets ----

/** What a comanda and an abre print, whichever record they come from. */
export interface DatosTicket {
  folio: string;
  nombre: string;
  evento: Evento;
  /** Branch wall time, "YYYY-MM-DD[T ]HH:MM". */
  fechaHora: string;
  mesa: string;
  mesero: string;
  personas: number;
  buffet: Esquema<'Comanda'>['buffet'];
  promos: PromoAplicada[];
  /** The branch's name, when known. */
  lugar: string | null;
  /** The branch's tag: its settings give the ticket's closing line. */
  tag: string;
  /** `HH:MM`: the arrival the branch charged the buffet by, when it did (a walk-in's). */
  llegada?: string | null;
}

/** The buffet lines of a ticket in the comanda's mode. */
export function lineasBuffet(b: Esquema<'Comanda'>['buffet']): [string, number][] {
  return b.afterSeven
    ? [
        ['Caballero', b.adulto],
        ['Dama', b.dama],
        ['Niño', b.nino],
      ]
    : [
        ['Adulto', b.adulto],
        ['Niño', b.nino],
      ];
}

export function ticketDeWalkin(w: Esquema<'Walkin'>, lugar: string | null = null): DatosTicket {
  return {
    folio: w.folio,
    nombre: w.name,
    evento: w.evento,
    fechaHora: w.fecha_hora,
    mesa: w.comanda.mesa,
    mesero: w.comanda.mesero.name,
    personas: w.comanda.no_personas,
    buffet: w.comanda.buffet,
    promos: w.abre.promo,
    lugar,
    tag: w.tag_sucursal,
    llegada: w.llegada ?? null,
  };
}

/** A seated reservation's tickets; null while it has no comanda. */
export function ticketDeReservacion(r: Esquema<'Reservacion'>): DatosTicket | null {
  const c = r.comanda;
  if (!c) return null;
  return {
    folio: r.folio ?? String(c.folio),
    nombre: r.name,
    evento: r.evento,
    // When the table opened; the booked time for those seated before it was kept.
    fechaHora: r.abierta ?? r.fecha_hora,
    mesa: c.mesa,
    mesero: c.mesero.name,
    personas: c.no_personas,
    buffet: c.buffet,
    promos: r.abre?.promo ?? [],
    lugar: r.sucursal.name,
    tag: r.tag_sucursal,
  };
}
