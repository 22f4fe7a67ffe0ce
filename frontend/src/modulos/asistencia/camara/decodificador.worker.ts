// The camera's QR decoder, off the page's thread so the live view never stutters:
// each frame arrives as a bitmap, is drawn on an OffscreenCanvas, turned into luma and read by
// core's `decodeQr` (its own WASM module, loaded here by the worker itself when the camera opens:
// the page never loads it).
import { decodeQr } from '@/lib/wasm-qr';
import init from '@/wasm/qr/anfitrion_wasm_qr.js';
import { lumaDeRgba } from './escaner';
import type { CuadroParaDecodificar, RespuestaDecodificador } from './protocolo';

// The worker's own scope, typed only as far as used (the project's lib is the DOM's).
const ambito = self as unknown as {
  postMessage(m: unknown): void;
  close(): void;
  onmessage: ((e: MessageEvent<CuadroParaDecodificar>) => void) | null;
};
const ahora = () => performance.timeOrigin + performance.now();
const responder = (r: RespuestaDecodificador) => ambito.postMessage(r);

let lienzo: OffscreenCanvas | null = null;
let contexto: OffscreenCanvasRenderingContext2D | null = null;

function leer(cuadro: ImageBitmap): string | null {
  const { width, height } = cuadro;
  if (!lienzo || lienzo.width !== width || lienzo.height !== height) {
    lienzo = new OffscreenCanvas(width, height);
    contexto = lienzo.getContext('2d', { willReadFrequently: true });
  }
  if (!contexto) throw new Error('Unsupported browser');
  contexto.drawImage(cuadro, 0, 0);
  cuadro.close();
  const { data } = contexto.getImageData(0, 0, width, height);
  // A refusal (a frame of the wrong size) reads as no code; a trap is no refusal and propagates.
  const leido = decodeQr(lumaDeRgba(data, width, height), width, height);
  return 'ok' in leido ? (leido.ok ?? null) : null;
}

const listo = init()
  .then(() => responder({ tipo: 'listo' }))
  .catch((e: unknown) => {
    responder({ tipo: 'fallo', mensaje: e instanceof Error ? e.message : String(e) });
    throw e;
  });

ambito.onmessage = (evento: MessageEvent<CuadroParaDecodificar>) => {
  const recibido = ahora();
  const { numero, cuadro } = evento.data;
  void listo.then(() => {
    const inicio = ahora();
    let codigo: string | null = null;
    try {
      codigo = leer(cuadro);
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) {
        responder({ tipo: 'caido' });
        ambito.close();
        return;
      }
      codigo = null;
    }
    responder({ tipo: 'resultado', numero, codigo, recibido, ms: ahora() - inicio });
  });
};
