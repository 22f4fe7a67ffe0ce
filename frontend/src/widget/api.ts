// The booking page's calls: no session, base /api, the {status, message, data} envelope. Kept
// apart from the console's client, which carries the session, its toasts and its stores.

import { enviar, leerJson } from '../lib/envio';
import { CLAVE_TOKEN } from '../lib/session';
import type { ConfirmacionPublica, Disponibilidad, ReservaRegistrada, SolicitudReservacion, SucursalPublica } from '../types/api';
import type { components } from '../types/openapi';

export type { ConfirmacionPublica, Disponibilidad, SucursalPublica };

type Esquemas = components['schemas'];
/** A guest's reservation as a reminder's link and the guest's actions answer it (no e-mail, no phone). */
export type ReservacionHuesped = Esquemas['ReservacionHuesped'];
/** What a reminder's link opens: its purpose, whether it still works, and the reservation. */
export type EnlaceHuesped = Esquemas['EnlaceHuesped'];
/** Pendiente, Asistio, Vencido, Cancelada: the names the server sends. */
export type EstadoReservacion = Esquemas['EstadoReservacion'];

const SIN_CONEXION = 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';
const RESPUESTA_INESPERADA = 'El servidor respondió de forma inesperada. Inténtalo de nuevo.';

export class ErrorPublico extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(message: string, status: number, data: unknown = null) {
    super(message);
    this.name = 'ErrorPublico';
    this.status = status;
    this.data = data;
  }
}

export async function llamar<T>(
  ruta: string,
  {
    method = 'GET',
    body,
    signal,
    token,
    clave,
    alResponder,
  }: {
    method?: 'GET' | 'POST';
    body?: unknown;
    signal?: AbortSignal;
    token?: string;
    clave?: string;
    /** Hears the answer's `message` (a write's words for the guest). */
    alResponder?: (mensaje: string) => void;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  // A booking is made once: its key goes with every attempt (see lib/envio.ts).
  const respuesta = await enviar(`/api${ruta}`, { method, headers, body, signal, clave });
  if (respuesta === null) throw new ErrorPublico(SIN_CONEXION, 0);
  type Sobre = { status?: string; message?: string; data?: unknown };
  const cuerpo = (await leerJson(respuesta, signal)) as Sobre | null;
  if (!respuesta.ok || cuerpo?.status !== 'success') {
    throw new ErrorPublico(cuerpo?.message || RESPUESTA_INESPERADA, respuesta.status, cuerpo?.data ?? null);
  }
  alResponder?.(cuerpo.message ?? '');
  return cuerpo.data as T;
}

// ---- the public calls (their shapes: the server's OpenAPI document) ----

const tagRuta = (tag: string) => encodeURIComponent(tag);

export const getSucursal = (tag: string, signal?: AbortSignal) => llamar<SucursalPublica>(`/v1/public/sucursal/${tagRuta(tag)}`, { signal });

/**
 * The bookable times of a date. Staff booking from the console (`personal`: origin Plataforma,
 * signed in) read their own times: no lead time, and groups larger than any table (core's
 * `Reservante::Personal`).
 */
export const getDisponibilidad = (tag: string, fecha: string, personas: number, signal?: AbortSignal, personal = false) => {
  const token = personal ? sesionDelPersonal() : null;
  return token
    ? llamar<Disponibilidad>(`/v1/admin/reservacion/disponibilidad?${new URLSearchParams({ tag, fecha, personas: String(personas) })}`, { signal, token })
    : llamar<Disponibilidad>(`/v1/public/sucursal/${tagRuta(tag)}/disponibilidad?${new URLSearchParams({ fecha, personas: String(personas) })}`, { signal });
};

/** Staff signed in to the console book from this page (the Nueva dialog, the host stand). */
export const reservaPersonal = (origin: string) => origin === 'Plataforma' && sesionDelPersonal() !== null;

/**
 * A guest's booking goes to the public call. Opened by the console (origin Plataforma: the Nueva
 * dialog, the host stand), it is staff booking with their session: the console's own call, which
 * records who booked; the server refuses Plataforma from anyone not signed in.
 */
export const reservar = (solicitud: SolicitudReservacion, clave?: string) => {
  const token = solicitud.origin === 'Plataforma' ? sesionDelPersonal() : null;
  return token
    ? llamar<ReservaRegistrada>('/v1/admin/reservacion', { method: 'POST', body: solicitud, token, clave })
    : llamar<ReservaRegistrada>('/v1/public/reservacion', { method: 'POST', body: solicitud, clave });
};

/**
 * The console's session token in this browser, if staff are signed in (same origin), and never
 * inside a frame another site made: any site may frame this page, and only the console's own
 * frame books with staff's rights (the server also refuses a Plataforma booking another site sent).
 */
function sesionDelPersonal(): string | null {
  if (!enMarcoPropio()) return null;
  try {
    return localStorage.getItem(CLAVE_TOKEN);
  } catch {
    return null;
  }
}

/** The little of a window this check reads (a parameter, so a test can build the frames). */
export interface Ventana {
  readonly parent: Ventana;
  readonly location: { readonly origin: string; readonly ancestorOrigins?: ArrayLike<string> };
}

/**
 * Whether the page is on top or every frame around it is of its own site. Reading another site's
 * `location` throws; `ancestorOrigins`, where the browser has it, names each framing origin.
 */
export function enMarcoPropio(ventana: Ventana = window as unknown as Ventana): boolean {
  try {
    const propio = ventana.location.origin;
    const ancestros = ventana.location.ancestorOrigins;
    if (ancestros && Array.from(ancestros).some((o) => o !== propio)) return false;
    let actual = ventana;
    for (let saltos = 0; actual.parent !== actual; saltos++) {
      if (saltos > 20) return false;
      actual = actual.parent;
      if (actual.location.origin !== propio) return false;
    }
    return true;
  } catch {
    return false;
  }
}

export const getConfirmacion = (id: string, token: string, signal?: AbortSignal) =>
  llamar<ConfirmacionPublica>(`/v1/public/reservacion/${encodeURIComponent(id)}?${new URLSearchParams({ t: token })}`, { signal });

export const verificar = (id: string, token: string) =>
  llamar<unknown>(`/v1/public/reservacion/${encodeURIComponent(id)}/verificar`, { method: 'POST', body: { token } });

// ---- the guest's own reservation: the confirmation page's token or a reminder's link ----

const rutaReservacion = (id: string) => `/v1/public/reservacion/${encodeURIComponent(id)}`;

/** What a reminder's link (`t`, that link's own secret) opens; a 404 for any other token. */
export const getEnlace = (id: string, token: string, signal?: AbortSignal) =>
  llamar<EnlaceHuesped>(`${rutaReservacion(id)}/enlace?${new URLSearchParams({ t: token })}`, { signal });

/** The server's words for what was done ("¡Gracias! …"), with the reservation as it is now. */
export interface Hecho {
  mensaje: string;
  reservacion: ReservacionHuesped;
}

/** Like `llamar`, for the guest's writes: their answer's message is the page's to show. */
async function escribir(ruta: string, body: unknown, clave: string): Promise<Hecho> {
  let mensaje = '';
  const reservacion = await llamar<ReservacionHuesped>(ruta, { method: 'POST', body, clave, alResponder: (m) => (mensaje = m) });
  return { mensaje, reservacion };
}

/**
 * The guest confirms they are coming (a reminder's "Confirmo" token, or the page's). `clave` is
 * the action's idempotency key: the same on a retry after a lost answer.
 */
export const confirmarAsistencia = (id: string, token: string, clave: string) =>
  escribir(`${rutaReservacion(id)}/confirmar`, { token }, clave);

/** The guest cancels (a reminder's "Cancelar" token, or the page's). */
export const cancelarReservacion = (id: string, token: string, clave: string) =>
  escribir(`${rutaReservacion(id)}/cancelar`, { token }, clave);

/** The guest changes the party and the time (the page's token only). */
export const cambiarReservacion = (id: string, cambio: { token: string; fecha_hora: string; no_personas: number }, clave: string) =>
  escribir(`${rutaReservacion(id)}/cambiar`, cambio, clave);
