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
// Generated from the Rust definitions (ts-rs, by `make wasm`): a field changed in core changes
// these types, and `tsc` then refuses any screen that still uses the old shape.

export type { ConfigHorario } from '../wasm/tipos/ConfigHorario';
export type { ConteosComanda } from '../wasm/tipos/ConteosComanda';
export type { DatosPersonales } from '../wasm/tipos/DatosPersonales';
export type { EstadoReservacion } from '../wasm/tipos/EstadoReservacion';
export type { Evento } from '../wasm/tipos/Evento';
export type { FormularioWalkin } from '../wasm/tipos/FormularioWalkin';
export type { HoraSucursal } from '../wasm/tipos/HoraSucursal';
export type { TramoDia } from '../wasm/tipos/TramoDia';
export type { EdicionReservacion } from '../wasm/tipos/EdicionReservacion';
export type { Mensajes } from '../wasm/tipos/Mensajes';
export type { ModoBuffet } from '../wasm/tipos/ModoBuffet';
export type { PromoAplicada } from '../wasm/tipos/PromoAplicada';
export type { DatosPromocion } from '../wasm/tipos/DatosPromocion';
export type { DatosAfiliado } from '../wasm/tipos/DatosAfiliado';
export type { TipoAfiliado } from '../wasm/tipos/TipoAfiliado';
import type { DatosAfiliado } from '../wasm/tipos/DatosAfiliado';
import type { DatosPromocion } from '../wasm/tipos/DatosPromocion';
import type { ConfigHorario } from '../wasm/tipos/ConfigHorario';
import type { ConteosComanda } from '../wasm/tipos/ConteosComanda';
import type { DatosPersonales } from '../wasm/tipos/DatosPersonales';
import type { EstadoReservacion } from '../wasm/tipos/EstadoReservacion';
import type { FormularioWalkin } from '../wasm/tipos/FormularioWalkin';
import type { HoraSucursal } from '../wasm/tipos/HoraSucursal';
import type { TramoDia } from '../wasm/tipos/TramoDia';
import type { EdicionReservacion } from '../wasm/tipos/EdicionReservacion';
import type { Mensajes } from '../wasm/tipos/Mensajes';
import type { PromoAplicada } from '../wasm/tipos/PromoAplicada';

// ---- typed wrappers: refusals become { error } ----

/** The e-mail as stored (trimmed, lower-case); `null` when empty. */
export const validarCorreo = (raw: string): Resultado<string | null> =>
  regla(() => core.validarCorreo(raw) as string | null);

export const validarDatosPersonales = (datos: DatosPersonales): Resultado<DatosPersonales> =>
  regla(() => core.validarDatosPersonales(datos) as DatosPersonales);

/** A password being set for an account (length limits). */
export const validarClaveNueva = (clave: string): Resultado<null> =>
  regla(() => (core.validarClaveNueva(clave) as null | undefined) ?? null);

/** Digits only, at most 15: what the phone input keeps while typing. */
export const limitarTelefono = (raw: string): string => core.limitarTelefono(raw);

/** The phone as stored; `null` when only a prefix was typed. */
export const normalizarTelefono = (raw: string): Resultado<string | null> =>
  regla(() => core.normalizarTelefono(raw) as string | null);

export const validarComanda = (conteos: ConteosComanda): Resultado<null> =>
  regla(() => (core.validarComanda(conteos) as null | undefined) ?? null);

export const validarCampoComanda = (conteos: ConteosComanda, campo: string): Resultado<null> =>
  regla(() => (core.validarCampoComanda(conteos, campo) as null | undefined) ?? null);

export const conteosDesdeReservacion = (noPersonas: number, isAfter7pm: boolean): ConteosComanda =>
  core.conteosDesdeReservacion(noPersonas, isAfter7pm) as ConteosComanda;

/** The counts after the party changes: untouched ones follow it, edited ones stay (core's rule). */
export const conteosConPersonas = (conteos: ConteosComanda, noPersonas: number | null): ConteosComanda =>
  core.conteosConPersonas(conteos, noPersonas) as ConteosComanda;

export const validarCantidadPromo = (qty: number | null, noPersonas: number | null): Resultado<null> =>
  regla(() => (core.validarCantidadPromo(qty, noPersonas) as null | undefined) ?? null);

export const agregarPromo = (
  lista: PromoAplicada[],
  nueva: PromoAplicada | null,
  noPersonas: number | null,
): Resultado<PromoAplicada[]> => regla(() => core.agregarPromo(lista, nueva, noPersonas) as PromoAplicada[]);

export const eliminarPromo = (lista: PromoAplicada[], id: string | null): Resultado<PromoAplicada[]> =>
  regla(() => core.eliminarPromo(lista, id) as PromoAplicada[]);

export const validarPromos = (lista: PromoAplicada[], noPersonas: number | null): Resultado<null> =>
  regla(() => (core.validarPromos(lista, noPersonas) as null | undefined) ?? null);

/** The day in stretches of served buffet and order mode (the settings screen's timeline). */
export const tramosDelDia = (config: ConfigHorario): Resultado<TramoDia[]> => regla(() => core.tramosDelDia(config) as TramoDia[]);

/** "Now" at a branch from an RFC 3339 instant; `config` null means the defaults. */
export const horaSucursal = (instante: string, config: ConfigHorario | null = null): Resultado<HoraSucursal> =>
  regla(() => core.horaSucursal(instante, config) as HoraSucursal);

/** The staff's edit of a reservation: `YYYY-MM-DD HH:mm`, party 1–50, comments up to 500. */
export const validarEdicionReservacion = (edicion: EdicionReservacion): Resultado<null> =>
  regla(() => (core.validarEdicionReservacion(edicion) as null | undefined) ?? null);

export const pasarEstado = (desde: string, hacia: string): Resultado<EstadoReservacion> =>
  regla(() => core.pasarEstado(desde, hacia) as EstadoReservacion);

/** Whether a reservation in this status may still be edited (only Pendiente), with core's reason. */
export const exigirEditable = (estado: string): Resultado<null> =>
  regla(() => (core.exigirEditable(estado) as null | undefined) ?? null);

/** The status name staff read (Asistio → Asistió). */
export const etiquetaEstado = (estado: string): Resultado<string> =>
  regla(() => core.etiquetaEstado(estado) as string);

export const validarCodigoReservacion = (raw: string): Resultado<string> =>
  regla(() => core.validarCodigoReservacion(raw) as string);

export const walkinNuevo = (tag: string, isAfter7pm: boolean): FormularioWalkin =>
  core.walkinNuevo(tag, isAfter7pm) as FormularioWalkin;

/** The promotions form's rules (name, description length, dates in order, weekdays 1–7). */
export const validarPromocion = (datos: DatosPromocion): Resultado<null> =>
  regla(() => core.validarPromocion(datos) as null);

/**
 * Whether a promotion may be used on `hoy` ("YYYY-MM-DD", the branch's date): switched on, inside
 * its dates and on one of its weekdays — the rule the server applies to every order.
 */
export const promoVigente = (promo: DatosPromocion, hoy: string): Resultado<boolean> =>
  regla(() => core.promoVigente(promo, hoy) as boolean);

/** The affiliates form's rules (code, name, kind). */
export const validarAfiliado = (datos: DatosAfiliado): Resultado<null> =>
  regla(() => core.validarAfiliado(datos) as null);

/** An affiliate's code as stored (trimmed, upper-case) or why it is refused. */
export const codigoAfiliado = (raw: string): Resultado<string> =>
  regla(() => core.codigoAfiliado(raw) as string);

let mensajesCache: Mensajes | null = null;
/** The outcome texts (saved, failed, …) the screens announce. */
export function mensajes(): Mensajes {
  mensajesCache ??= core.mensajes() as Mensajes;
  return mensajesCache;
}
