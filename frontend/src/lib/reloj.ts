// The console's one clock: the server's. Every API answer carries the server's time in its `Date`
// header; the console keeps how far the device's own clock is from it, and `ahora()` is the
// device's time corrected by that much. So a tablet whose clock is off still suggests the right
// buffet and shows the right day, and a demonstration's or a test's time is the console's too.
// Timers that only measure a wait (a countdown, the camera's pace) keep using Date.now().

/** Where the last offset is kept, so a reload shows the server's time from its first frame. */
const CLAVE = 'anfitrion:desfase-reloj';

function guardado(): number | null {
  try {
    const v = Number(sessionStorage.getItem(CLAVE));
    return sessionStorage.getItem(CLAVE) !== null && Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

/** How far the server's clock is ahead of the device's, in milliseconds. */
let desfase = guardado() ?? 0;
let conocido = false;

/** A `Date` header is whole seconds: a new reading within this much of the last is the same clock. */
const TOLERANCIA_MS = 1500;

/**
 * Records the server's time as an answer's `Date` header gives it (an HTTP date, whole seconds),
 * read at `recibido` on the device's clock. An unreadable header changes nothing.
 */
export function ajustarReloj(encabezado: string | null, recibido: number = Date.now()): void {
  if (!encabezado) return;
  const servidor = Date.parse(encabezado);
  if (Number.isNaN(servidor)) return;
  // The header is truncated to the second: the server's clock was half a second past it, on average.
  const nuevo = servidor + 500 - recibido;
  if (!conocido || Math.abs(nuevo - desfase) > TOLERANCIA_MS) {
    desfase = nuevo;
    try {
      sessionStorage.setItem(CLAVE, String(nuevo));
    } catch {
      // Storage refused (a private window's quota): the offset lives in memory only.
    }
  }
  conocido = true;
}

/** Now, by the server's clock (the device's until the first answer arrives). */
export function ahora(): Date {
  return new Date(Date.now() + desfase);
}

/** For tests: forget what was learned. */
export function reiniciarReloj(): void {
  desfase = 0;
  conocido = false;
  try {
    sessionStorage.removeItem(CLAVE);
  } catch {
    // Nothing kept.
  }
}
