// The one way the console talks to the server: base /api, JSON, the bearer token on every call,
// the {status, message, data} envelope unwrapped. Failures become an ApiError and a toast with the
// server's Spanish message; a 401 from any call ends the session (the guard then shows /login).
// A 429 or 503 carries how many seconds the server asks to wait (`reintentarEn`).
import type { Envelope } from '../types/api';
import { enviar, leerJson, nuevaClave } from './envio';
import { segundosDeEspera } from './reintento';
import { ajustarReloj } from './reloj';
import { cerrarSesionLocal, leerToken } from './session';
import { toast } from '../stores/toasts';

export const API_BASE = '/api';

const SIN_CONEXION = 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';
const RESPUESTA_INESPERADA = 'El servidor respondió de forma inesperada. Inténtalo de nuevo.';

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  /** Seconds the server asks to wait before trying again (Retry-After), if it said. */
  readonly reintentarEn: number | null;
  constructor(message: string, status: number, data: unknown = null, reintentarEn: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.reintentarEn = reintentarEn;
  }
}

export interface OpcionesApi {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Do not toast failures; the caller reports them itself. */
  silencioso?: boolean;
  /**
   * The write's `Idempotency-Key`: one per intended action, the same for its retries (see
   * `useMutacionUnica`). A write without one gets its own, kept for the client's own retry.
   */
  clave?: string;
}

export { nuevaClave };

function url(ruta: string, query?: OpcionesApi['query']): string {
  const params = new URLSearchParams();
  for (const [clave, valor] of Object.entries(query ?? {})) {
    if (valor !== null && valor !== undefined && valor !== '') params.set(clave, String(valor));
  }
  const qs = params.toString();
  return `${API_BASE}${ruta}${qs ? `?${qs}` : ''}`;
}

function esEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && 'status' in v && 'message' in v;
}

/** Calls `/api{ruta}` and answers the envelope's `data`. */
export async function api<T>(ruta: string, opciones: OpcionesApi = {}): Promise<T> {
  return (await apiConMensaje<T>(ruta, opciones)).data;
}

/** As `api`, with the server's Spanish `message` too, for a screen that announces the outcome. */
export async function apiConMensaje<T>(ruta: string, opciones: OpcionesApi = {}): Promise<{ data: T; message: string }> {
  const { method = 'GET', body, query, signal, silencioso = false } = opciones;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = leerToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const respuesta = await enviar(url(ruta, query), { method, headers, body, signal, clave: opciones.clave });
  if (respuesta === null) {
    if (!silencioso) toast.error(SIN_CONEXION);
    throw new ApiError(SIN_CONEXION, 0);
  }

  ajustarReloj(respuesta.headers.get('Date'));

  const cuerpo = await leerJson(respuesta, signal);

  const envelope = esEnvelope(cuerpo) ? cuerpo : null;
  if (respuesta.ok && envelope && envelope.status !== 'error') return { data: envelope.data as T, message: envelope.message };

  const mensaje = envelope?.message || RESPUESTA_INESPERADA;
  const data = envelope?.data ?? null;
  const espera = segundosDeEspera(respuesta.headers.get('Retry-After'), data);
  const error = new ApiError(mensaje, respuesta.ok ? 400 : respuesta.status, data, espera);
  if (respuesta.status === 401 && token) {
    // A session the server no longer honours is over here too.
    cerrarSesionLocal();
  }
  if (!silencioso) toast.error(mensaje);
  throw error;
}
