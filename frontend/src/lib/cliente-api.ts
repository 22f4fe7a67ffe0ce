// The API's one client, typed by the server's OpenAPI document (`types/openapi.d.ts`, which
// `make api-types` writes from /api/openapi.json): a path, a parameter or an answer's field that
// the server renames fails `tsc` where it is used. openapi-fetch builds each call from its path
// and typed parameters; `enviar` (envio.ts) sends it, once more with the same Idempotency-Key when
// a write's answer is lost; `abrirSobre` opens the {status, message, data} envelope or throws an
// ApiError. Kept free of the console's stores: the booking page uses it too, without a session.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from '../types/openapi';
import { enviar } from './envio';
import { segundosDeEspera } from './reintento';

export const API_BASE = '/api';

/** A shape of the server's OpenAPI document, by its name there (`Esquema<'Reservacion'>`). */
export type Esquema<N extends keyof components['schemas']> = components['schemas'][N];

export type ClienteApi = Client<paths>;

export const SIN_CONEXION = 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';
export const RESPUESTA_INESPERADA = 'El servidor respondió de forma inesperada. Inténtalo de nuevo.';

/** A write's `Idempotency-Key` header: one per intended action, the same for its retries. */
export const conClave = (clave: string | undefined) => ({ 'Idempotency-Key': clave });

/** A refusal of core's rules: which rule (`codigo`), the form field it marks, its Spanish words. */
export interface Rechazo {
  codigo: string;
  campo: string | null;
  mensaje: string;
}

export class ApiError extends Error {
  readonly status: number;
  /** The failed envelope's `data`: a refusal, a wait, or what the call adds (see `rechazo`). */
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

  /** The broken rule, when core refused the input or the write; null for any other failure. */
  get rechazo(): Rechazo | null {
    const d = this.data;
    if (typeof d !== 'object' || d === null) return null;
    const { codigo, campo, mensaje } = d as Record<string, unknown>;
    if (typeof codigo !== 'string' || typeof mensaje !== 'string') return null;
    return { codigo, campo: typeof campo === 'string' ? campo : null, mensaje };
  }
}

/** No answer came, even after a write's retries. */
class SinRespuesta extends Error {}

/** An answer came whose body could not be read whole (the connection dropped mid-body). */
class CuerpoIlegible extends Error {
  readonly status: number;
  constructor(status: number) {
    super('cuerpo ilegible');
    this.status = status;
  }
}

const esAborto = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/**
 * The answer's body, read whole before anyone hears of the answer. A read cut short because the
 * caller aborted it (a refetch the screen cancelled) is that abort, rethrown: never a bad answer.
 */
async function leerCuerpo(respuesta: Response, signal: AbortSignal | undefined): Promise<string> {
  try {
    return await respuesta.text();
  } catch (e) {
    if (signal?.aborted) throw signal.reason ?? e;
    if (esAborto(e)) throw e;
    throw new CuerpoIlegible(respuesta.status);
  }
}

/** Statuses whose answer has no body by definition. */
const SIN_CUERPO = [204, 205, 304];

/**
 * The request as openapi-fetch built it: the path with its query (kept relative: the booking page
 * and the tests run with no base address), the method, the JSON body and its headers.
 */
class Peticion {
  readonly url: string;
  readonly method: string;
  readonly body: string | undefined;
  readonly headers: Headers;
  readonly signal: AbortSignal | undefined;
  constructor(url: string, init: RequestInit) {
    this.url = url;
    this.method = init.method ?? 'GET';
    this.body = typeof init.body === 'string' ? init.body : undefined;
    this.headers = new Headers(init.headers);
    this.signal = init.signal ?? undefined;
  }
}

/** The query as the server reads it: an empty, null or absent value is left out. */
function consulta(parametros: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [clave, valor] of Object.entries(parametros ?? {})) {
    if (valor !== null && valor !== undefined && valor !== '') q.set(clave, String(valor));
  }
  return q.toString();
}

export interface OpcionesCliente {
  /** The bearer token to send when a call names none of its own. */
  token?: () => string | null;
  /** Hears every answer that came, whether its call carried a token, and its body as text. */
  alResponder?: (respuesta: Response, conToken: boolean, cuerpo: string) => void;
}

/** A client of the whole API. The console has one with its session; the booking page one without. */
export function crearCliente({ token, alResponder }: OpcionesCliente = {}): ClienteApi {
  const enviarPeticion = async (peticion: Peticion): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (peticion.body !== undefined) headers['Content-Type'] = 'application/json';
    const portador = peticion.headers.get('Authorization') ?? (token?.() ? `Bearer ${token()}` : null);
    if (portador) headers.Authorization = portador;
    const respuesta = await enviar(peticion.url, {
      method: peticion.method,
      headers,
      cuerpo: peticion.body,
      signal: peticion.signal,
      clave: peticion.headers.get('Idempotency-Key') ?? undefined,
    });
    if (respuesta === null) throw new SinRespuesta();
    // The body first: whoever hears of the answer (a 401 ends the session, and the screen with
    // its calls) must not cut this call's own reading short.
    const texto = await leerCuerpo(respuesta, peticion.signal);
    alResponder?.(respuesta, portador !== null, texto);
    const cabeceras = new Headers(respuesta.headers);
    cabeceras.delete('Content-Length');
    cabeceras.delete('Content-Encoding');
    const cuerpo = SIN_CUERPO.includes(respuesta.status) ? null : texto;
    return new Response(cuerpo, { status: respuesta.status, statusText: respuesta.statusText, headers: cabeceras });
  };
  return createClient<paths>({
    // The document's paths carry the /api prefix themselves.
    baseUrl: '',
    querySerializer: consulta,
    Request: Peticion as unknown as typeof Request,
    fetch: enviarPeticion as unknown as (peticion: Request) => Promise<Response>,
  });
}

type Sobre = { status: string; message: string; data?: unknown };
type Llamada<S> = Promise<{ data?: S; error?: unknown; response: Response }>;

const esSobre = (v: unknown): v is Sobre => typeof v === 'object' && v !== null && 'status' in v && 'message' in v;

/** The `message` of an envelope's text (a 401's, say); null when the text is not an envelope. */
export function mensajeDeSobre(texto: string): string | null {
  try {
    const v: unknown = JSON.parse(texto);
    return esSobre(v) && typeof v.message === 'string' && v.message.trim() !== '' ? v.message : null;
  } catch {
    return null;
  }
}

/** A call's envelope opened: its `data` (typed by the call's path) and the server's `message`. */
export async function abrirSobre<S extends Sobre>(llamada: Llamada<S>): Promise<{ data: S['data']; message: string }> {
  let resultado: Awaited<Llamada<S>>;
  try {
    resultado = await llamada;
  } catch (e) {
    if (esAborto(e)) throw e;
    if (e instanceof SinRespuesta) throw new ApiError(SIN_CONEXION, 0);
    if (e instanceof CuerpoIlegible && e.status >= 400) throw new ApiError(RESPUESTA_INESPERADA, e.status);
    // A successful answer whose body is not JSON, or was cut.
    throw new ApiError(RESPUESTA_INESPERADA, 400);
  }
  const { response } = resultado;
  const cuerpo: unknown = resultado.data ?? resultado.error;
  const sobre = esSobre(cuerpo) ? cuerpo : null;
  if (response.ok && sobre && sobre.status !== 'error') return { data: sobre.data as S['data'], message: sobre.message };
  const data = sobre?.data ?? null;
  const espera = segundosDeEspera(response.headers.get('Retry-After'), data);
  throw new ApiError(sobre?.message || RESPUESTA_INESPERADA, response.ok ? 400 : response.status, data, espera);
}
