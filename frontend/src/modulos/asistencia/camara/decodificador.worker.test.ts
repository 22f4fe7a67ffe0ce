// The decoding worker's answers, with the WASM decoder replaced: a frame with a code, a frame the
// decoder refuses, and a trap (a panic aborts the WASM), after which the worker closes itself
// and says so, so the page can start another.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RespuestaDecodificador } from './protocolo';

const decodeQr = vi.fn<(luma: Uint8Array, ancho: number, alto: number) => string | undefined>();
vi.mock('@/wasm/qr/anfitrion_wasm_qr.js', () => ({ default: () => Promise.resolve(), decodeQr }));

/** The worker's scope as the worker sees it: what it posts, and whether it closed. */
const enviados: RespuestaDecodificador[] = [];
const ambito = {
  postMessage: (m: RespuestaDecodificador) => enviados.push(m),
  close: vi.fn(),
  onmessage: null as ((e: { data: unknown }) => void) | null,
};

class LienzoFalso {
  constructor(
    public width: number,
    public height: number,
  ) {}
  getContext() {
    return {
      drawImage: () => undefined,
      getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4).fill(255) }),
    };
  }
}

const cuadro = () => ({ width: 4, height: 4, close: vi.fn() });
const respuesta = async () => {
  await vi.waitFor(() => expect(enviados.some((m) => m.tipo !== 'listo')).toBe(true));
  return enviados.find((m) => m.tipo !== 'listo');
};

beforeEach(async () => {
  enviados.length = 0;
  ambito.close.mockClear();
  decodeQr.mockReset();
  vi.stubGlobal('self', ambito);
  vi.stubGlobal('OffscreenCanvas', LienzoFalso);
  vi.resetModules();
  await import('./decodificador.worker');
  await vi.waitFor(() => expect(enviados).toContainEqual({ tipo: 'listo' }));
});

afterEach(() => vi.unstubAllGlobals());

describe('the decoding worker', () => {
  it('answers the code a frame holds, numbered as the frame', async () => {
    decodeQr.mockReturnValue('65f1c0de0000000000000001');
    ambito.onmessage?.({ data: { tipo: 'cuadro', numero: 7, cuadro: cuadro() } });
    expect(await respuesta()).toMatchObject({ tipo: 'resultado', numero: 7, codigo: '65f1c0de0000000000000001' });
    expect(ambito.close).not.toHaveBeenCalled();
  });

  it('answers no code when the decoder refuses the frame, and keeps going', async () => {
    decodeQr.mockImplementation(() => {
      throw { codigo: 'imagen_invalida', campo: null, mensaje: 'x' };
    });
    ambito.onmessage?.({ data: { tipo: 'cuadro', numero: 1, cuadro: cuadro() } });
    expect(await respuesta()).toMatchObject({ tipo: 'resultado', numero: 1, codigo: null });
    expect(ambito.close).not.toHaveBeenCalled();
  });

  it('closes itself and says so when the WASM traps', async () => {
    decodeQr.mockImplementation(() => {
      throw new WebAssembly.RuntimeError('unreachable');
    });
    ambito.onmessage?.({ data: { tipo: 'cuadro', numero: 3, cuadro: cuadro() } });
    expect(await respuesta()).toEqual({ tipo: 'caido' });
    expect(ambito.close).toHaveBeenCalledOnce();
  });
});
