// The booking page's calls, through the API's one typed client (lib/cliente-api.ts) without a
// session: the guest's pages never carry one. Staff booking from the console's own frame send
// their token with the call itself.

import { abrirSobre, ApiError, conClave, crearCliente, type Esquema } from '../lib/cliente-api';
import { CLAVE_TOKEN } from '../lib/session';

/** A refused or failed call of the booking page: its Spanish message, status and data. */
export { ApiError as ErrorPublico };

const publico = crearCliente();

const portador = (token: string) => ({ Authorization: `Bearer ${token}` });

export const getSucursal = async (tag: string, signal?: AbortSignal) =>
  (await abrirSobre(publico.GET('/api/v1/public/sucursal/{tag}', { params: { path: { tag } }, signal }))).data;

/**
 * The bookable times of a date. Staff booking from the console (`personal`: origin Plataforma,
 * signed in) read their own times: no lead time, and groups larger than any table (core's
 * `Reservante::Personal`).
 */
export const getDisponibilidad = async (tag: string, fecha: string, personas: number, signal?: AbortSignal, personal = false) => {
  const token = personal ? sesionDelPersonal() : null;
  const llamada = token
    ? publico.GET('/api/v1/admin/reservacion/disponibilidad', { params: { query: { tag, fecha, personas } }, headers: portador(token), signal })
    : publico.GET('/api/v1/public/sucursal/{tag}/disponibilidad', { params: { path: { tag }, query: { fecha, personas } }, signal });
  return (await abrirSobre(llamada)).data;
};

/** Staff signed in to the console book from this page (the Nueva dialog, the host stand). */
export const reservaPersonal = (origin: string) => origin === 'Plataforma' && sesionDelPersonal() !== null;

/**
 * A guest's booking goes to the public call. Opened by the console (origin Plataforma: the Nueva
 * dialog, the host stand), it is staff booking with their session: the console's own call, which
 * records who booked; the server refuses Plataforma from anyone not signed in.
 */
export const reservar = async (solicitud: Esquema<'SolicitudReservacion'>, clave?: string) => {
  const token = solicitud.origin === 'Plataforma' ? sesionDelPersonal() : null;
  const llamada = token
    ? publico.POST('/api/v1/admin/reservacion', { body: solicitud, params: { header: conClave(clave) }, headers: portador(token) })
    : publico.POST('/api/v1/public/reservacion', { body: solicitud, params: { header: conClave(clave) } });
  return (await abrirSobre(llamada)).data;
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

export const getConfirmacion = async (id: string, t: string, signal?: AbortSignal) =>
  (await abrirSobre(publico.GET('/api/v1/public/reservacion/{id}', { params: { path: { id }, query: { t } }, signal }))).data;

export const verificar = async (id: string, token: string) =>
  (await abrirSobre(publico.POST('/api/v1/public/reservacion/{id}/verificar', { params: { path: { id } }, body: { token } }))).data;

// ---- the guest's own reservation: the confirmation page's token or a reminder's link ----

/** What a reminder's link (`t`, that link's own secret) opens; a 404 for any other token. */
export const getEnlace = async (id: string, t: string, signal?: AbortSignal) =>
  (await abrirSobre(publico.GET('/api/v1/public/reservacion/{id}/enlace', { params: { path: { id }, query: { t } }, signal }))).data;

/** The server's words for what was done ("¡Gracias! …"), with the reservation as it is now. */
export interface Hecho {
  mensaje: string;
  reservacion: Esquema<'ReservacionHuesped'>;
}

/** A guest's write: its answer's message is the page's to show. */
async function hecho(llamada: Promise<{ data?: { status: string; message: string; data: Esquema<'ReservacionHuesped'> }; error?: unknown; response: Response }>): Promise<Hecho> {
  const { data, message } = await abrirSobre(llamada);
  return { mensaje: message, reservacion: data };
}

/**
 * The guest confirms they are coming (a reminder's "Confirmo" token, or the page's). `clave` is
 * the action's idempotency key: the same on a retry after a lost answer.
 */
export const confirmarAsistencia = (id: string, token: string, clave: string) =>
  hecho(publico.POST('/api/v1/public/reservacion/{id}/confirmar', { params: { path: { id }, header: conClave(clave) }, body: { token } }));

/** The guest cancels (a reminder's "Cancelar" token, or the page's). */
export const cancelarReservacion = (id: string, token: string, clave: string) =>
  hecho(publico.POST('/api/v1/public/reservacion/{id}/cancelar', { params: { path: { id }, header: conClave(clave) }, body: { token } }));

/** The guest changes the party and the time (the page's token only). */
export const cambiarReservacion = (id: string, cambio: { token: string; fecha_hora: string; no_personas: number }, clave: string) =>
  hecho(publico.POST('/api/v1/public/reservacion/{id}/cambiar', { params: { path: { id }, header: conClave(clave) }, body: cambio }));

// ---- the waitlist from the guest's phone ----

/** A branch's online list: whether it takes parties now, its limits and its contact. */
export const getListaEspera = async (tag: string, signal?: AbortSignal) =>
  (await abrirSobre(publico.GET('/api/v1/public/sucursal/{tag}/espera', { params: { path: { tag } }, signal }))).data;

/** Joins the list; `clave` is the action's idempotency key, the same on a retry. */
export const unirseEspera = async (tag: string, datos: Esquema<'DatosEspera'>, clave: string) =>
  (await abrirSobre(publico.POST('/api/v1/public/sucursal/{tag}/espera', { params: { path: { tag }, header: conClave(clave) }, body: datos }))).data;

/** The guest's party as it stands; refused for any secret but its own. */
export const getTurno = async (id: string, t: string, signal?: AbortSignal) =>
  (await abrirSobre(publico.GET('/api/v1/public/espera/{id}', { params: { path: { id }, query: { t } }, signal }))).data;

/** The live stream of the guest's party (`event: turno`), opened by the page. */
export const flujoTurno = (id: string, t: string): string =>
  `/api/v1/public/espera/${encodeURIComponent(id)}/stream?t=${encodeURIComponent(t)}`;

/** "Ya no voy": the guest closes their own party. */
export const yaNoVoy = async (id: string, token: string, clave: string) =>
  (await abrirSobre(publico.POST('/api/v1/public/espera/{id}/salir', { params: { path: { id }, header: conClave(clave) }, body: { token } }))).data;

/** The branch's poster: the join page's address and its QR. */
export const getCartelEspera = async (tag: string, signal?: AbortSignal) =>
  (await abrirSobre(publico.GET('/api/v1/public/sucursal/{tag}/espera/cartel', { params: { path: { tag } }, signal }))).data;
