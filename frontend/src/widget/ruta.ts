// Where the booking page is and what its URL asks for. One bundle answers ten addresses:
//   /reservacion/{tag}                         the booking as a full page
//   /widget/{tag}                              the same booking, meant for an iframe
//   /reservacion/{tag}/confirmacion/{id}?t=    the booking made, with its QR: the guest's own page
//                                              (confirm, change the party or time, cancel)
//   /reservacion/{tag}/verificar/{id}?t=&c=    the e-mail's link that verifies the address (t, its
//                                              own secret) and leads on to the booking (c)
//   /reservacion/{tag}/confirmar/{id}?t=       a reminder's "Confirmo" link (t, that link's secret)
//   /reservacion/{tag}/cancelar/{id}?t=        a reminder's "Cancelar" link
//   /espera/{tag}                              joining the branch's waitlist from the phone
//   /espera/{tag}/kiosco                       the same, on a tablet at the door: it clears itself
//   /espera/{tag}/cartel                       the poster to print, with the join page's QR
//   /espera/{tag}/turno/{id}?t=                the party's own page: its place, live

import type { Origen } from '../wasm/tipos/Origen';

export type { Origen };

/** The seven origins a reservation may come from (core's type checks the list). */
const ORIGENES: readonly Origen[] = ['Widget', 'Plataforma', 'Whatsapp', 'Chatbot', 'Airbnb', 'Concierge', 'google'];

export type Vista =
  | { tipo: 'reservar'; tag: string; origin: Origen; personasMax: number | null; afiliado: string | null; incrustado: boolean }
  | { tipo: 'confirmacion'; tag: string; id: string; token: string }
  | { tipo: 'verificar'; tag: string; id: string; token: string; confirmacion: string | null }
  | { tipo: 'confirmar' | 'cancelar'; tag: string; id: string; token: string }
  | { tipo: 'espera' | 'kiosco' | 'cartel'; tag: string }
  | { tipo: 'turno'; tag: string; id: string; token: string }
  | { tipo: 'desconocida' };

/** The origin of the URL, matched without regard to case; Widget when absent or unknown. */
export function leerOrigen(valor: string | null): Origen {
  const buscado = (valor ?? '').trim().toLowerCase();
  return ORIGENES.find((o) => o.toLowerCase() === buscado) ?? 'Widget';
}

/**
 * The party-size limit of the URL (`personas_max`, 50 in the console's dialog); `null` when absent
 * or not a whole number from 1. The branch's own limit (core's) still caps it.
 */
export function leerPersonasMax(valor: string | null): number | null {
  const n = Number(valor ?? '');
  return valor !== null && Number.isInteger(n) && n >= 1 ? n : null;
}

function segmento(s: string | undefined): string | null {
  if (!s) return null;
  try {
    const v = decodeURIComponent(s).trim();
    return v === '' ? null : v;
  } catch {
    return null;
  }
}

export function leerVista(url: URL, incrustado: boolean): Vista {
  const partes = url.pathname.split('/').filter(Boolean);
  const q = url.searchParams;
  const [raiz, tagCrudo, accion, idCrudo] = partes;
  const tag = segmento(tagCrudo);
  if (tag && raiz === 'espera') {
    if (partes.length === 2) return { tipo: 'espera', tag };
    if (partes.length === 3 && (accion === 'kiosco' || accion === 'cartel')) return { tipo: accion, tag };
    const id = segmento(idCrudo);
    if (partes.length === 4 && accion === 'turno' && id) return { tipo: 'turno', tag, id, token: q.get('t') ?? '' };
    return { tipo: 'desconocida' };
  }
  if (!tag || (raiz !== 'reservacion' && raiz !== 'widget')) return { tipo: 'desconocida' };
  if (partes.length === 2) {
    return {
      tipo: 'reservar',
      tag,
      origin: leerOrigen(q.get('origin')),
      personasMax: leerPersonasMax(q.get('personas_max')),
      afiliado: q.get('afiliado')?.trim() || null,
      // /widget/{tag} is always the compact form; /reservacion/{tag} is, inside a frame.
      incrustado: incrustado || raiz === 'widget',
    };
  }
  const id = segmento(idCrudo);
  const token = q.get('t') ?? '';
  if (raiz === 'reservacion' && partes.length === 4 && id && accion === 'confirmacion') {
    return { tipo: accion, tag, id, token };
  }
  if (raiz === 'reservacion' && partes.length === 4 && id && (accion === 'confirmar' || accion === 'cancelar')) {
    return { tipo: accion, tag, id, token };
  }
  if (raiz === 'reservacion' && partes.length === 4 && id && accion === 'verificar') {
    return { tipo: accion, tag, id, token, confirmacion: q.get('c')?.trim() || null };
  }
  return { tipo: 'desconocida' };
}

/**
 * Where to go after booking: the confirmation path the server answered (it carries the token).
 * Only a confirmation page of this site is followed; anything else is no address.
 */
export function rutaConfirmacion(respuesta: string): string {
  return rutaDe(respuesta, 'confirmacion');
}

/** Where to go after joining the waitlist: the party's page the server answered (with its secret). */
export function rutaTurno(respuesta: string): string {
  return rutaDe(respuesta, 'turno');
}

function rutaDe(respuesta: string, tipo: Vista['tipo']): string {
  const url = new URL(respuesta, 'https://x.invalid');
  const vista = leerVista(url, false);
  if (url.origin !== 'https://x.invalid' || vista.tipo !== tipo) throw new Error('El servidor respondió de forma inesperada. Inténtalo de nuevo.');
  return url.pathname + url.search;
}
