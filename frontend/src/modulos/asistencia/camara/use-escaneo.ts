import { useMemo, useRef, type RefObject } from 'react';
import { RETRASO_ESCANEO_MS, faltaSoporte, tamanoDecodificado, type UltimaLectura } from './escaner';
import type { CuadroParaDecodificar } from './protocolo';

/** What the browser lacks for the camera scan, in Spanish, or null when it has it all. */
export function soporteDelNavegador(): string | null {
  return faltaSoporte({
    seguro: window.isSecureContext,
    getUserMedia: typeof navigator.mediaDevices?.getUserMedia === 'function',
    worker: typeof Worker !== 'undefined',
    imageBitmap: typeof createImageBitmap === 'function' && typeof OffscreenCanvas !== 'undefined',
  });
}

/**
 * The scan loop the camera, the decoder and the reader's controls share: the video and its
 * stream, the worker, whether frames are read, and the timer of the next frame. Each start of the
 * camera is a session (`sesion`): what arrives from an older one is ignored.
 */
export interface Escaneo {
  video: RefObject<HTMLVideoElement | null>;
  flujo: RefObject<MediaStream | null>;
  decodificador: RefObject<Worker | null>;
  decodificadorListo: RefObject<boolean>;
  activo: RefObject<boolean>;
  sesion: RefObject<number>;
  /** The last frame sent: only its answer counts. */
  numero: RefObject<number>;
  primerCuadro: RefObject<boolean>;
  ultima: RefObject<UltimaLectura | null>;
  /** Stops the camera and the loop and starts a new session. */
  detener: () => void;
  /** The next frame in `ms` (the one pending is dropped). */
  programar: (ms: number) => void;
  cancelarReloj: () => void;
}

export function useEscaneo(): Escaneo {
  const video = useRef<HTMLVideoElement>(null);
  const flujo = useRef<MediaStream | null>(null);
  const decodificador = useRef<Worker | null>(null);
  const decodificadorListo = useRef(false);
  const reloj = useRef<ReturnType<typeof setTimeout> | null>(null);
  const activo = useRef(false);
  const sesion = useRef(0);
  const numero = useRef(0);
  const primerCuadro = useRef(false);
  const ultima = useRef<UltimaLectura | null>(null);

  // Every piece works on the refs only, so it is made once: a frame's answer schedules the next,
  // and the schedule reads a frame.
  const bucle = useMemo(() => {
    function cancelarReloj() {
      if (reloj.current) clearTimeout(reloj.current);
      reloj.current = null;
    }

    function detener() {
      sesion.current++;
      activo.current = false;
      cancelarReloj();
      for (const pista of flujo.current?.getTracks() ?? []) pista.stop();
      flujo.current = null;
      if (video.current) video.current.srcObject = null;
    }

    function programar(ms: number) {
      cancelarReloj();
      reloj.current = setTimeout(() => void escanear(), ms);
    }

    // One frame to the worker; its answer schedules the next (so at most one is on its way).
    async function escanear(): Promise<void> {
      reloj.current = null;
      const v = video.current;
      const esta = sesion.current;
      if (!activo.current || !v || !decodificador.current) return;
      if (!decodificadorListo.current || v.readyState < 2 || v.videoWidth === 0) {
        programar(RETRASO_ESCANEO_MS);
        return;
      }
      const { ancho, alto } = tamanoDecodificado(v.videoWidth, v.videoHeight);
      let cuadro: ImageBitmap;
      try {
        cuadro = await createImageBitmap(v, { resizeWidth: ancho, resizeHeight: alto, resizeQuality: 'low' });
      } catch {
        if (esta === sesion.current && activo.current) programar(RETRASO_ESCANEO_MS);
        return;
      }
      if (esta !== sesion.current || !activo.current) {
        cuadro.close();
        return;
      }
      const mensaje: CuadroParaDecodificar = { tipo: 'cuadro', numero: ++numero.current, cuadro };
      decodificador.current.postMessage(mensaje, [cuadro]);
    }

    return { cancelarReloj, detener, programar };
  }, []);

  return { video, flujo, decodificador, decodificadorListo, activo, sesion, numero, primerCuadro, ultima, ...bucle };
}
