// What the widget tells the page that framed it: a booking was made (the console's Reservation
// dialog refreshes its lists; `widget.js` tells the restaurant's site), or the guest pressed
// Escape, which a framed page's keys never reach the parent with. A booking's message carries the
// id alone (never the confirmation's token or the guest's data), so any parent may hear it.

export const TIPO_RESERVADA = 'anfitrion:reservada';

export interface MensajeReservada {
  tipo: typeof TIPO_RESERVADA;
  id: string;
  tag: string;
}

export function esMensajeReservada(v: unknown): v is MensajeReservada {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Partial<MensajeReservada>;
  return m.tipo === TIPO_RESERVADA && typeof m.id === 'string' && typeof m.tag === 'string';
}

/** Tells the framing page, if any, that booking `id` was made. */
export function avisarReservada(id: string, tag: string): void {
  if (window.parent === window) return;
  const mensaje: MensajeReservada = { tipo: TIPO_RESERVADA, id, tag };
  window.parent.postMessage(mensaje, '*');
}

export const TIPO_CERRAR = 'anfitrion:cerrar';

export const esMensajeCerrar = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && (v as { tipo?: unknown }).tipo === TIPO_CERRAR;

/** Asks the framing page, if any, to close the frame (Escape pressed inside it). */
export function pedirCierre(): void {
  if (window.parent === window) return;
  window.parent.postMessage({ tipo: TIPO_CERRAR }, '*');
}
