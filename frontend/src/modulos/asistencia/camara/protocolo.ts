// What the page and the decoding worker say to each other.

/** Page → worker: one camera frame, handed over (transferred) as a bitmap. */
export interface CuadroParaDecodificar {
  tipo: 'cuadro';
  numero: number;
  cuadro: ImageBitmap;
}

/** Worker → page. */
export type RespuestaDecodificador =
  /** The WASM core is loaded: frames may come. */
  | { tipo: 'listo' }
  /** The core could not be loaded: no decoding in this browser. */
  | { tipo: 'fallo'; mensaje: string }
  /**
   * The core trapped on a frame (a panic aborts the WASM, whose state is then not to be trusted):
   * this worker has closed itself, and the page starts another.
   */
  | { tipo: 'caido' }
  /**
   * One frame's outcome: the code it held (or null), when the frame reached the worker and how
   * long decoding took, both in ms of the shared epoch (`performance.timeOrigin + now()`).
   */
  | { tipo: 'resultado'; numero: number; codigo: string | null; recibido: number; ms: number };
