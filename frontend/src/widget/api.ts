// The booking page's calls: no session, base /api, the {status, message, data} envelope. Kept
// apart from the console's client, which carries the session, its toasts and its stores.

import type { ConfirmacionPublica, Disponibilidad, ReservaRegistrada, SolicitudReservacion, SucursalPublica } from '../types/api';

export type { ConfirmacionPublica, Disponibilidad, SucursalPublica };

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

export async function llamar<T>(ruta: string, { method = 'GET', body, signal }: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let respuesta: Response;
  try {
    respuesta = await fetch(`/api${ruta}`, {
      method,
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ErrorPublico(SIN_CONEXION, 0);
  }
  type Sobre = { status?: string; message?: string; data?: unknown };
  const cuerpo = (await respuesta.json().catch(() => null)) as Sobre | null;
  if (!respuesta.ok || cuerpo?.status !== 'success') {
    throw new ErrorPublico(cuerpo?.message || RESPUESTA_INESPERADA, respuesta.status, cuerpo?.data ?? null);
  }
  return cuerpo.data as T;
}

// ---- the public calls (their shapes: the server's OpenAPI document) ----

const tagRuta = (tag: string) => encodeURIComponent(tag);

export const getSucursal = (tag: string, signal?: AbortSignal) => llamar<SucursalPublica>(`/v1/public/sucursal/${tagRuta(tag)}`, { signal });

export const getDisponibilidad = (tag: string, fecha: string, personas: number, signal?: AbortSignal) =>
  llamar<Disponibilidad>(`/v1/public/sucursal/${tagRuta(tag)}/disponibilidad?${new URLSearchParams({ fecha, personas: String(personas) })}`, { signal });

export const reservar = (solicitud: SolicitudReservacion) => llamar<ReservaRegistrada>('/v1/public/reservacion', { method: 'POST', body: solicitud });

export const getConfirmacion = (id: string, token: string, signal?: AbortSignal) =>
  llamar<ConfirmacionPublica>(`/v1/public/reservacion/${encodeURIComponent(id)}?${new URLSearchParams({ t: token })}`, { signal });

export const verificar = (id: string, token: string) =>
  llamar<unknown>(`/v1/public/reservacion/${encodeURIComponent(id)}/verificar`, { method: 'POST', body: { token } });
