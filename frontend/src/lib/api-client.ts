// The console's side of the API client (cliente-api.ts): the signed-in user's bearer token on
// every call, the server's clock read from each answer, and failures shown as a toast with the
// server's Spanish message; a 401 to a call that carried the session ends it (the guard then shows
// /login). A 429 or 503 carries how many seconds the server asks to wait (`reintentarEn`).
//
//   const piso = await datos(consola.GET('/v1/admin/salon', { params: { query: { tag } }, signal }));
import { ApiError, abrirSobre, crearCliente, mensajeDeSobre } from './cliente-api';
import { nuevaClave } from './envio';
import { ajustarReloj } from './reloj';
import { leerFinDeSesion, leerToken, terminarSesion } from './session';
import { toast } from '../stores/toasts';

export { API_BASE, ApiError, conClave, mensajeDeSobre, type Esquema, type Rechazo } from './cliente-api';
export { nuevaClave };

/** The console's client: every path of the API, typed, with the session. */
export const consola = crearCliente({
  token: leerToken,
  alResponder: (respuesta, conToken, cuerpo) => {
    ajustarReloj(respuesta.headers.get('Date'));
    // A session the server no longer honours is over here too; the login page says why (the
    // server's words, from whichever call heard it first, a silent one too).
    if (respuesta.status === 401 && conToken) terminarSesion(leerToken() ? mensajeDeSobre(cuerpo) : null);
  },
});

export interface OpcionesLlamada {
  /** Do not toast failures; the caller reports them itself. */
  silencioso?: boolean;
}

/** As `datos`, with the server's Spanish `message` too, for a screen that announces the outcome. */
export async function conMensaje<S extends { status: string; message: string; data?: unknown }>(
  llamada: Promise<{ data?: S; error?: unknown; response: Response }>,
  { silencioso = false }: OpcionesLlamada = {},
): Promise<{ data: S['data']; message: string }> {
  try {
    return await abrirSobre(llamada);
  } catch (e) {
    // The end of the session is said on the login page, where it stays: not twice.
    const finDicho = e instanceof ApiError && e.status === 401 && e.message === leerFinDeSesion();
    if (e instanceof ApiError && !silencioso && !finDicho) toast.error(e.message);
    throw e;
  }
}

/** A call of `consola` answered: its envelope's `data`, or an ApiError (toasted unless silent). */
export async function datos<S extends { status: string; message: string; data?: unknown }>(
  llamada: Promise<{ data?: S; error?: unknown; response: Response }>,
  opciones: OpcionesLlamada = {},
): Promise<S['data']> {
  return (await conMensaje(llamada, opciones)).data;
}
