// The camera scanner's pure pieces: the frame's luma, the loop's timing, the
// zoom steps and the errors, kept apart from the browser so Vitest can check them.

/** The rear camera, width min 640 ideal 720 max 1920, height min 640 ideal 720 max 1080. */
export const RESTRICCIONES_VIDEO: MediaTrackConstraints = {
  facingMode: 'environment',
  width: { min: 640, ideal: 720, max: 1920 },
  height: { min: 640, ideal: 720, max: 1080 },
};

/** The stream must start within 3 s, then settles for 0.5 s before the first scan. */
export const LIMITE_INICIO_MS = 3000;
export const ASENTAR_MS = 500;
/** A frame every 500 ms, every 10 ms while the previous frame held a code. */
export const RETRASO_ESCANEO_MS = 500;
export const RETRASO_CON_CODIGO_MS = 10;
/** The reader's toggle is locked for a second after each press. */
export const BLOQUEO_BOTON_MS = 1000;
/** The same code read again within this time is the same guest still in front of the camera. */
export const REPETICION_MS = 4000;
/** Frames are scaled down to this longest side before decoding: a QR needs no more. */
export const LADO_MAXIMO = 800;

/** Why the camera cannot start, in these exact words. */
export const ERRORES_CAMARA = {
  contextoInseguro: 'camera access is only permitted in secure context. Use HTTPS or localhost rather than HTTP.',
  sinStreams: 'this browser has no Stream API support',
  tiempoAgotado: 'Loading camera stream timed out after 3 seconds.',
  sinSoporte: 'Unsupported browser',
  sinDecodificador: 'Barcode detection service unavailable.',
} as const;

/**
 * RGBA pixels to their luma (ITU-R BT.601 in integers: (77 R + 150 G + 29 B) / 256), the
 * grayscale plane core's `decodeQr` reads.
 */
export function lumaDeRgba(rgba: Uint8ClampedArray | Uint8Array, ancho: number, alto: number): Uint8Array {
  const n = ancho * alto;
  if (rgba.length < n * 4) throw new RangeError(`se esperaban ${n * 4} bytes RGBA y llegaron ${rgba.length}`);
  const luma = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    luma[i] = (77 * rgba[j]! + 150 * rgba[j + 1]! + 29 * rgba[j + 2]!) >> 8;
  }
  return luma;
}

/** The size a frame is decoded at: its own, or scaled down so its longest side is `maximo`. */
export function tamanoDecodificado(ancho: number, alto: number, maximo = LADO_MAXIMO): { ancho: number; alto: number } {
  const lado = Math.max(ancho, alto);
  if (lado <= maximo || lado === 0) return { ancho, alto };
  const f = maximo / lado;
  return { ancho: Math.max(1, Math.round(ancho * f)), alto: Math.max(1, Math.round(alto * f)) };
}

/** How long until the next frame is scanned: soon while a code is in view, else the normal delay. */
export function retrasoSiguiente(vioCodigo: boolean): number {
  return vioCodigo ? RETRASO_CON_CODIGO_MS : RETRASO_ESCANEO_MS;
}

/** What was announced last, to tell a new guest from the same code still in front of the lens. */
export interface UltimaLectura {
  codigo: string;
  en: number;
}

/** Whether a decoded code is announced (beep and lookup): a new one, or the same after a while. */
export function esLecturaNueva(codigo: string, ahora: number, ultima: UltimaLectura | null): boolean {
  return ultima === null || ultima.codigo !== codigo || ahora - ultima.en >= REPETICION_MS;
}

/** Whether the toggle may be pressed again (locked for 1 s after each press). */
export function botonLibre(ahora: number, ultimaPulsacion: number | null): boolean {
  return ultimaPulsacion === null || ahora - ultimaPulsacion >= BLOQUEO_BOTON_MS;
}

export interface RangoZoom {
  min: number;
  max: number;
  step?: number;
}

/**
 * Zoom moves a third of its range each press, `direccion` +1 in and -1 out, held in the
 * range and on the track's own step.
 */
export function zoomSiguiente(actual: number, rango: RangoZoom, direccion: 1 | -1): number {
  const paso = (rango.max - rango.min) / 3;
  let z = Math.min(rango.max, Math.max(rango.min, actual + direccion * paso));
  if (rango.step && rango.step > 0) z = rango.min + Math.round((z - rango.min) / rango.step) * rango.step;
  return Math.min(rango.max, Math.max(rango.min, z));
}

/** Why the camera cannot start before anything is asked of it, or null when it may. */
export function faltaSoporte(entorno: {
  seguro: boolean;
  getUserMedia: boolean;
  worker: boolean;
  imageBitmap: boolean;
}): string | null {
  if (!entorno.seguro) return ERRORES_CAMARA.contextoInseguro;
  if (!entorno.getUserMedia) return ERRORES_CAMARA.sinStreams;
  if (!entorno.worker || !entorno.imageBitmap) return ERRORES_CAMARA.sinSoporte;
  return null;
}

export type FalloCamara =
  /** The guest's or the browser's refusal: permission denied. */
  | { tipo: 'permiso'; mensaje: string }
  /** No camera, or none that meets the constraints. */
  | { tipo: 'sin-camara'; mensaje: string }
  | { tipo: 'otro'; mensaje: string };

/** A failure to start the camera, sorted so the screen can explain it in Spanish. */
export function falloDeCamara(e: unknown): FalloCamara {
  const nombre = typeof e === 'object' && e !== null && 'name' in e ? String((e as { name: unknown }).name) : '';
  const mensaje = e instanceof Error || (typeof e === 'object' && e !== null && 'message' in e) ? String((e as { message: unknown }).message) : String(e);
  if (nombre === 'NotAllowedError' || nombre === 'PermissionDeniedError' || nombre === 'SecurityError') return { tipo: 'permiso', mensaje };
  if (nombre === 'NotFoundError' || nombre === 'DevicesNotFoundError' || nombre === 'OverconstrainedError' || nombre === 'NotReadableError')
    return { tipo: 'sin-camara', mensaje };
  return { tipo: 'otro', mensaje };
}
