import { describe, expect, it } from 'vitest';
import { decodeQr } from '@/lib/wasm-qr';
import {
  ERRORES_CAMARA,
  LADO_MAXIMO,
  RESTRICCIONES_VIDEO,
  RETRASO_CON_CODIGO_MS,
  RETRASO_ESCANEO_MS,
  REPETICION_MS,
  botonLibre,
  esLecturaNueva,
  faltaSoporte,
  falloDeCamara,
  lumaDeRgba,
  retrasoSiguiente,
  tamanoDecodificado,
  zoomSiguiente,
} from './escaner';

describe('lumaDeRgba', () => {
  it('turns RGBA into BT.601 luma, alpha ignored', () => {
    const rgba = new Uint8ClampedArray([0, 0, 0, 255, 255, 255, 255, 0, 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 128, 128, 128, 10]);
    expect([...lumaDeRgba(rgba, 3, 2)]).toEqual([0, 255, 76, 149, 28, 128]);
  });

  it('refuses a buffer shorter than the frame', () => {
    expect(() => lumaDeRgba(new Uint8ClampedArray(15), 2, 2)).toThrow(RangeError);
  });

  it('gives core a plane it decodes: a black square on white reads as nothing, not an error', () => {
    const [w, h] = [40, 30];
    const rgba = new Uint8ClampedArray(w * h * 4).fill(255);
    for (let y = 10; y < 20; y++) for (let x = 10; x < 20; x++) rgba.fill(0, (y * w + x) * 4, (y * w + x) * 4 + 3);
    const luma = lumaDeRgba(rgba, w, h);
    expect(luma.length).toBe(w * h);
    expect(decodeQr(luma, w, h)).toEqual({ ok: undefined });
  });
});

describe('the scan loop', () => {
  it('scans every 500 ms, every 10 ms while the previous frame held a code', () => {
    expect(RETRASO_ESCANEO_MS).toBe(500);
    expect(RETRASO_CON_CODIGO_MS).toBe(10);
    expect(retrasoSiguiente(false)).toBe(500);
    expect(retrasoSiguiente(true)).toBe(10);
  });

  it('announces a new code, and the same one again only after a while', () => {
    expect(esLecturaNueva('a', 1000, null)).toBe(true);
    expect(esLecturaNueva('a', 1000 + REPETICION_MS - 1, { codigo: 'a', en: 1000 })).toBe(false);
    expect(esLecturaNueva('b', 1001, { codigo: 'a', en: 1000 })).toBe(true);
    expect(esLecturaNueva('a', 1000 + REPETICION_MS, { codigo: 'a', en: 1000 })).toBe(true);
  });

  it('locks the toggle for 1 s after each press', () => {
    expect(botonLibre(5000, null)).toBe(true);
    expect(botonLibre(5999, 5000)).toBe(false);
    expect(botonLibre(6000, 5000)).toBe(true);
  });

  it('scales a frame down to the decoding size, keeping its shape', () => {
    expect(tamanoDecodificado(640, 480)).toEqual({ ancho: 640, alto: 480 });
    expect(tamanoDecodificado(1920, 1080)).toEqual({ ancho: LADO_MAXIMO, alto: 450 });
    expect(tamanoDecodificado(720, 1280)).toEqual({ ancho: 450, alto: LADO_MAXIMO });
  });
});

describe('the camera', () => {
  it('asks for the rear camera, 720 px ideal on each side', () => {
    expect(RESTRICCIONES_VIDEO).toEqual({
      facingMode: 'environment',
      width: { min: 640, ideal: 720, max: 1920 },
      height: { min: 640, ideal: 720, max: 1080 },
    });
  });

  it('zooms a third of the range per press, within the range', () => {
    const rango = { min: 1, max: 4 };
    expect(zoomSiguiente(1, rango, 1)).toBe(2);
    expect(zoomSiguiente(2, rango, 1)).toBe(3);
    expect(zoomSiguiente(4, rango, 1)).toBe(4);
    expect(zoomSiguiente(1.5, rango, -1)).toBe(1);
    expect(zoomSiguiente(1, { min: 1, max: 8, step: 0.5 }, 1)).toBe(3.5);
  });

  it("says why it cannot start, with the console's messages, word for word", () => {
    const todo = { seguro: true, getUserMedia: true, worker: true, imageBitmap: true };
    expect(faltaSoporte(todo)).toBeNull();
    expect(faltaSoporte({ ...todo, seguro: false })).toBe('camera access is only permitted in secure context. Use HTTPS or localhost rather than HTTP.');
    expect(faltaSoporte({ ...todo, getUserMedia: false })).toBe('this browser has no Stream API support');
    expect(faltaSoporte({ ...todo, worker: false })).toBe('Unsupported browser');
    expect(faltaSoporte({ ...todo, imageBitmap: false })).toBe('Unsupported browser');
    expect(ERRORES_CAMARA.tiempoAgotado).toBe('Loading camera stream timed out after 3 seconds.');
    expect(ERRORES_CAMARA.sinDecodificador).toBe('Barcode detection service unavailable.');
  });

  it('sorts a refused permission and a missing camera from other failures', () => {
    const error = (name: string) => Object.assign(new Error(`${name}!`), { name });
    expect(falloDeCamara(error('NotAllowedError'))).toEqual({ tipo: 'permiso', mensaje: 'NotAllowedError!' });
    expect(falloDeCamara(error('NotFoundError')).tipo).toBe('sin-camara');
    expect(falloDeCamara(error('OverconstrainedError')).tipo).toBe('sin-camara');
    expect(falloDeCamara(error('AbortError')).tipo).toBe('otro');
    expect(falloDeCamara('raro')).toEqual({ tipo: 'otro', mensaje: 'raro' });
  });
});
