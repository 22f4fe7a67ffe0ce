// The business rules, from the Rust core compiled to WebAssembly. Every validation text the
// screens show comes from here: a Spanish validation message written in TypeScript is a bug.
import init, * as core from '../wasm/pkg/anfitrion_wasm.js';
import type { ReglaError } from '../wasm/pkg/anfitrion_wasm.js';

export type { ReglaError };

let cargando: Promise<void> | null = null;

/** Loads the core once; `main.tsx` awaits it before the first render. */
export function iniciarCore(): Promise<void> {
  cargando ??= init().then(() => undefined);
  return cargando;
}

export type Resultado<T> = { ok: T } | { error: ReglaError };

export function esReglaError(e: unknown): e is ReglaError {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as ReglaError).mensaje === 'string' &&
    typeof (e as ReglaError).codigo === 'string'
  );
}

/**
 * Runs one core rule and turns its thrown refusal into a value, so callers branch instead of
 * catching. Anything thrown that is not a refusal is a bug and keeps propagating.
 */
export function regla<T>(llamada: () => T): Resultado<T> {
  try {
    return { ok: llamada() };
  } catch (e) {
    if (esReglaError(e)) return { error: e };
    throw e;
  }
}

// ---- typed shapes of what the core takes and answers ----
// Written by hand; wasm-formas.test.ts checks each against the real WASM build, so a field changed
// on one side only fails a test.

export type ModoBuffet = 'Regular' | 'Promo';
export type Evento = 'Ninguno' | 'Cumpleaños' | 'Aniversario' | 'Ocasión Especial' | 'Comida de negocios';
export type EstadoReservacion = 'Pendiente' | 'Asistio' | 'Vencido' | 'Cancelada';

export interface ConteosComanda {
  no_personas?: number | null;
  buffet_adulto?: number | null;
  buffet_boy?: number | null;
  buffet_promo_adulto?: number | null;
  buffet_promo_girl?: number | null;
  buffet_promo_boy?: number | null;
  isAfter7pm?: boolean;
}

export interface PromoAplicada {
  _id: string;
  name: string;
  qty?: number | null;
  field?: string | null;
}

export interface DatosPersonales {
  name: string;
  email?: string | null;
  phone?: string | null;
  evento?: Evento | null;
}

export interface ConfigHorario {
  zona?: string | null;
  inicio_regular?: string | null;
  inicio_promo?: string | null;
  corte_tarde?: string | null;
}

export interface HoraSucursal {
  fecha: string;
  hora: string;
  fecha_hora: string;
  periodo: ModoBuffet | null;
  tarde: boolean;
  modo_sugerido: ModoBuffet;
}

export interface FormularioWalkin extends Required<Omit<ConteosComanda, 'isAfter7pm'>> {
  tag: string;
  marca: string;
  sucursal: string;
  status: string;
  name: string;
  email: string;
  phone: string;
  evento: Evento;
  mesa: string;
  mesero_id: string;
  mesero_name: string;
  listPromos: PromoAplicada[];
  isAfter7pm: boolean;
  folio: string;
}

export interface Mensajes {
  datosGuardados: string;
  errorAlGuardar: string;
  asistenciaRegistrada: string;
  promoEliminada: string;
}

// ---- typed wrappers: refusals become { error } ----

/** The e-mail as stored (trimmed, lower-case); `null` when empty. */
export const validarCorreo = (raw: string): Resultado<string | null> =>
  regla(() => core.validarCorreo(raw) as string | null);

export const validarDatosPersonales = (datos: DatosPersonales): Resultado<DatosPersonales> =>
  regla(() => core.validarDatosPersonales(datos) as DatosPersonales);

/**
 * The login form's check before anything is sent: both fields typed and the e-mail well-formed.
 * Answers the e-mail as stored (trimmed, lower-case).
 */
export const validarCredenciales = (email: string, clave: string): Resultado<string> =>
  regla(() => core.validarCredenciales(email, clave) as string);

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

/** "Now" at a branch from an RFC 3339 instant; `config` null means the defaults. */
export const horaSucursal = (instante: string, config: ConfigHorario | null = null): Resultado<HoraSucursal> =>
  regla(() => core.horaSucursal(instante, config) as HoraSucursal);

export const pasarEstado = (desde: string, hacia: string): Resultado<EstadoReservacion> =>
  regla(() => core.pasarEstado(desde, hacia) as EstadoReservacion);

/** The status name staff read (Asistio → Asistió). */
export const etiquetaEstado = (estado: string): Resultado<string> =>
  regla(() => core.etiquetaEstado(estado) as string);

export const validarCodigoReservacion = (raw: string): Resultado<string> =>
  regla(() => core.validarCodigoReservacion(raw) as string);

export const walkinNuevo = (tag: string, isAfter7pm: boolean): FormularioWalkin =>
  core.walkinNuevo(tag, isAfter7pm) as FormularioWalkin;

/** Decodes one grayscale frame; `undefined` when it holds no readable code. */
export const decodeQr = (luma: Uint8Array, width: number, height: number): Resultado<string | undefined> =>
  regla(() => core.decodeQr(luma, width, height));

let mensajesCache: Mensajes | null = null;
/** The outcome texts (saved, failed, …) the screens announce. */
export function mensajes(): Mensajes {
  mensajesCache ??= core.mensajes() as Mensajes;
  return mensajesCache;
}
