// Core's QR decoder, a WebAssembly module of its own: the console's first load does not carry it.
// The camera's worker loads it when the camera opens (modulos/asistencia/camara); the page's
// thread never does.
import { decodeQr as decodificar } from '../wasm/qr/anfitrion_wasm_qr.js';
import { regla, type Resultado } from './regla';

/** Decodes one grayscale frame; `undefined` when it holds no readable code. */
export const decodeQr = (luma: Uint8Array, width: number, height: number): Resultado<string | undefined> =>
  regla(() => decodificar(luma, width, height));
