// The business rules of the signed-in screens, from the Rust core compiled to WebAssembly. Every
// validation text the screens show comes from here: a Spanish validation message written in
// TypeScript is a bug. The login's check is in lib/wasm-acceso (a smaller build of the same
// crate, the only one the first load waits for); this module loads with the signed-in layouts.
import init, * as core from '../wasm/pkg/anfitrion_wasm.js';
import { regla, type Resultado } from './regla';

export { esReglaError, regla, type ReglaError, type Resultado } from './regla';

let cargando: Promise<void> | null = null;

/** Loads the rules once; the router awaits it with the signed-in layouts, the widget before its first render. */
export function iniciarCore(): Promise<void> {
  cargando ??= init().then(() => undefined);
  return cargando;
}

// ---- the shapes of what the core takes and answers ----
// Core's own shapes are generated from the Rust definitions (ts-rs, by `make wasm`): a field
// changed in core changes these types, and `tsc` then refuses any screen that still uses the old
// shape. A shape the API carries too (an edited reservation, a promotion, an affiliate) is the
// OpenAPI document's, as the API takes it. The module's declarations name both, so nothing below
// casts.

export type { ConfigHorario } from '../wasm/tipos/ConfigHorario';
export type { ConteosComanda } from '../wasm/tipos/ConteosComanda';
export type { DatosPersonales } from '../wasm/tipos/DatosPersonales';
export type { EstadoReservacion } from '../wasm/tipos/EstadoReservacion';
export type { Evento } from '../wasm/tipos/Evento';
export type { FormularioWalkin } from '../wasm/tipos/FormularioWalkin';
export type { HoraSucursal } from '../wasm/tipos/HoraSucursal';
export type { ModoAlSentar } from '../wasm/tipos/ModoAlSentar';
export type { TramoDia } from '../wasm/tipos/TramoDia';
export type { Mensajes } from '../wasm/tipos/Mensajes';
export type { ModoBuffet } from '../wasm/tipos/ModoBuffet';
export type { PromoAplicada } from '../wasm/tipos/PromoAplicada';
export type { DatosPromocion };
import type { components } from '../types/openapi';
import type { ConfigHorario } from '../wasm/tipos/ConfigHorario';
import type { ConteosComanda } from '../wasm/tipos/ConteosComanda';
import type { DatosPersonales } from '../wasm/tipos/DatosPersonales';
import type { EstadoReservacion } from '../wasm/tipos/EstadoReservacion';
import type { FormularioWalkin } from '../wasm/tipos/FormularioWalkin';
import type { HoraSucursal } from '../wasm/tipos/HoraSucursal';
import type { ModoAlSentar } from '../wasm/tipos/ModoAlSentar';
import type { TramoDia } from '../wasm/tipos/TramoDia';
import type { Mensajes } from '../wasm/tipos/Mensajes';
import type { PromoAplicada } from '../wasm/tipos/PromoAplicada';

type DatosAfiliado = components['schemas']['DatosAfiliado'];
type DatosImpresora = components['schemas']['DatosImpresora'];
type DatosPromocion = components['schemas']['DatosPromocion'];
type EdicionReservacion = components['schemas']['EdicionReservacion'];

// ---- typed wrappers: refusals become { error } ----

/** The e-mail as stored (trimmed, lower-case); `null` when empty. */
export const validarCorreo = (raw: string): Resultado<string | null> => regla(() => core.validarCorreo(raw));

export const validarDatosPersonales = (datos: DatosPersonales): Resultado<DatosPersonales> =>
  regla(() => core.validarDatosPersonales(datos));

/** A password being set for an account (length limits). */
export const validarClaveNueva = (clave: string): Resultado<null> => regla(() => core.validarClaveNueva(clave));

/** A role's permissions: refused when it names none. */
export const revisarPermisosRol = (permisos: string[]): Resultado<null> => regla(() => core.revisarPermisosRol(permisos));

/** Digits only, at most 15: what the phone input keeps while typing. */
export const limitarTelefono = (raw: string): string => core.limitarTelefono(raw);

/** The phone as stored; `null` when only a prefix was typed. */
export const normalizarTelefono = (raw: string): Resultado<string | null> => regla(() => core.normalizarTelefono(raw));

/** A phone edited on a record: `null` when its box is empty; a few digits are refused. */
export const telefonoEditado = (codigo: string, local: string): Resultado<string | null> => regla(() => core.telefonoEditado(codigo, local));

export const validarComanda = (conteos: ConteosComanda): Resultado<null> => regla(() => core.validarComanda(conteos));

export const validarCampoComanda = (conteos: ConteosComanda, campo: string): Resultado<null> =>
  regla(() => core.validarCampoComanda(conteos, campo));

export const conteosDesdeReservacion = (noPersonas: number, isAfter7pm: boolean): ConteosComanda =>
  core.conteosDesdeReservacion(noPersonas, isAfter7pm);

/** The counts after the party changes: untouched ones follow it, edited ones stay (core's rule). */
export const conteosConPersonas = (conteos: ConteosComanda, noPersonas: number | null): ConteosComanda =>
  core.conteosConPersonas(conteos, noPersonas);

export const validarCantidadPromo = (qty: number | null, noPersonas: number | null): Resultado<null> =>
  regla(() => core.validarCantidadPromo(qty, noPersonas));

export const agregarPromo = (
  lista: PromoAplicada[],
  nueva: PromoAplicada | null,
  noPersonas: number | null,
): Resultado<PromoAplicada[]> => regla(() => core.agregarPromo(lista, nueva, noPersonas));

export const eliminarPromo = (lista: PromoAplicada[], id: string | null): Resultado<PromoAplicada[]> =>
  regla(() => core.eliminarPromo(lista, id));

export const validarPromos = (lista: PromoAplicada[], noPersonas: number | null): Resultado<null> =>
  regla(() => core.validarPromos(lista, noPersonas));

/** The day in stretches of served buffet and order mode (the settings screen's timeline). */
export const tramosDelDia = (config: ConfigHorario): Resultado<TramoDia[]> => regla(() => core.tramosDelDia(config));

/** "Now" at a branch from an RFC 3339 instant; `config` null means the defaults. */
export const horaSucursal = (instante: string, config: ConfigHorario | null = null): Resultado<HoraSucursal> =>
  regla(() => core.horaSucursal(instante, config));

/**
 * The mode a party seated at `sentado` starts in, having arrived (joined the waitlist) at
 * `llegada`: its arrival's when the branch charges the buffet by the time of arrival. RFC 3339.
 */
export const modoAlSentar = (llegada: string | null, sentado: string, config: ConfigHorario | null = null): Resultado<ModoAlSentar> =>
  regla(() => core.modoAlSentar(llegada, sentado, config));

/** The staff's edit of a reservation: `YYYY-MM-DD HH:mm`, party 1–50, comments up to 500. */
export const validarEdicionReservacion = (edicion: EdicionReservacion): Resultado<null> =>
  regla(() => core.validarEdicionReservacion(edicion));

export const pasarEstado = (desde: string, hacia: string): Resultado<EstadoReservacion> =>
  regla(() => core.pasarEstado(desde, hacia));

/** Whether a reservation in this status may still be edited (only Pendiente), with core's reason. */
export const exigirEditable = (estado: string): Resultado<null> => regla(() => core.exigirEditable(estado));

/** The status name staff read (Asistio → Asistió). */
export const etiquetaEstado = (estado: string): Resultado<string> => regla(() => core.etiquetaEstado(estado));

export const validarCodigoReservacion = (raw: string): Resultado<string> => regla(() => core.validarCodigoReservacion(raw));

export const walkinNuevo = (tag: string, isAfter7pm: boolean): FormularioWalkin => core.walkinNuevo(tag, isAfter7pm);

/** The promotions form's rules (name, description length, dates in order, weekdays 1–7). */
export const validarPromocion = (datos: DatosPromocion): Resultado<null> => regla(() => core.validarPromocion(datos));

/**
 * Whether a promotion may be used on `hoy` ("YYYY-MM-DD", the branch's date): switched on, inside
 * its dates and on one of its weekdays — the rule the server applies to every order.
 */
export const promoVigente = (promo: DatosPromocion, hoy: string): Resultado<boolean> =>
  regla(() => core.promoVigente(promo, hoy));

/** The affiliates form's rules (code, name, kind). */
export const validarAfiliado = (datos: DatosAfiliado): Resultado<null> => regla(() => core.validarAfiliado(datos));
/** The settings' reminders box ("24, 3") as the hours saved, earliest first (core's `recordatorio::leer_horas`). */
export const leerRecordatorios = (texto: string): Resultado<number[]> => regla(() => core.leerRecordatorios(texto));
export const validarImpresora = (datos: DatosImpresora): Resultado<null> => regla(() => core.validarImpresora(datos));

/** An affiliate's code as stored (trimmed, upper-case) or why it is refused. */
export const codigoAfiliado = (raw: string): Resultado<string> => regla(() => core.codigoAfiliado(raw));

let mensajesCache: Mensajes | null = null;
/** The outcome texts (saved, failed, …) the screens announce. */
export function mensajes(): Mensajes {
  mensajesCache ??= core.mensajes();
  return mensajesCache;
}

import type { MesaDelPiso } from '../wasm/tipos/MesaDelPiso';
import type { OpcionMesa } from '../wasm/tipos/OpcionMesa';
export type { MesaDelPiso, OpcionMesa };

/** The free tables and joins of combinable neighbours that seat a party, best fit first. */
export const opcionesMesa = (mesas: MesaDelPiso[], personas: number): OpcionMesa[] => core.opcionesMesa(mesas, personas);
/** The code pages a kitchen printer may use, `[clave, nombre]`, as core names them. */
export const paginasCodigos = (): [string, string][] => core.paginasCodigos();
