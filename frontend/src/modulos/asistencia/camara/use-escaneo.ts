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
 * camera is a session (`sesionRef`): what arrives from an older one is ignored.
 */
export interface Escaneo {
  videoRef: RefObject<HTMLVideoElement | null>;
  flujoRef: RefObject<MediaStream | null>;
  decodificadorRef: RefObject<Worker | null>;
  decodificadorListoRef: RefObject<boolean>;
  activoRef: RefObject<boolean>;
  sesionRef: RefObject<number>;
  /** The last frame sent: only its answer counts. */
  numeroRef: RefObject<number>;
  primerCuadroRef: RefObject<boolean>;
  ultimaRef: RefObject<UltimaLectura | null>;
  /** Stops the camera and the loop and starts a new session. */
  detener: () => void;
  /** The next frame in `ms` (the one pending is dropped). */
  programar: (ms: number) => void;
  cancelarReloj: () => void;
}

export function useEscaneo(): Escaneo {
  const videoRef = useRef<HTMLVideoElement>(null);
  const flujoRef = useRef<MediaStream | null>(null);
  const decodificadorRef = useRef<Worker | null>(null);
  const decodificadorListoRef = useRef(false);
  const relojRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const activoRef = useRef(false);
  const sesionRef = useRef(0);
  const numeroRef = useRef(0);
  const primerCuadroRef = useRef(false);
  const ultimaRef = useRef<UltimaLectura | null>(null);

  // Every piece works on the refs only, so it is made once: a frame's answer schedules the next,
  // and the schedule reads a frame.
  const bucle = useMemo(() => {
    function cancelarReloj() {
      if (relojRef.current) clearTimeout(relojRef.current);
      relojRef.current = null;
    }

    function detener() {
      sesionRef.current++;
      activoRef.current = false;
      cancelarReloj();
      for (const pista of flujoRef.current?.getTracks() ?? []) pista.stop();
      flujoRef.current = null;
      if (videoRef.current) videoRef.current.srcObject = null;
    }

    function programar(ms: number) {
      cancelarReloj();
      relojRef.current = setTimeout(() => void escanear(), ms);
    }

    // One frame to the worker; its answer schedules the next (so at most one is on its way).
    async function escanear(): Promise<void> {
      relojRef.current = null;
      const v = videoRef.current;
      const esta = sesionRef.current;
      if (!activoRef.current || !v || !decodificadorRef.current) return;
      if (!decodificadorListoRef.current || v.readyState < 2 || v.videoWidth === 0) {
        programar(RETRASO_ESCANEO_MS);
        return;
      }
      const { ancho, alto } = tamanoDecodificado(v.videoWidth, v.videoHeight);
      let cuadro: ImageBitmap;
      try {
        cuadro = await createImageBitmap(v, { resizeWidth: ancho, resizeHeight: alto, resizeQuality: 'low' });
      } catch {
        if (esta === sesionRef.current && activoRef.current) programar(RETRASO_ESCANEO_MS);
        return;
      }
      if (esta !== sesionRef.current || !activoRef.current) {
        cuadro.close();
        return;
      }
      const mensaje: CuadroParaDecodificar = { tipo: 'cuadro', numero: ++numeroRef.current, cuadro };
      decodificadorRef.current.postMessage(mensaje, [cuadro]);
    }

    return { cancelarReloj, detener, programar };
  }, []);

  return { videoRef, flujoRef, decodificadorRef, decodificadorListoRef, activoRef, sesionRef, numeroRef, primerCuadroRef, ultimaRef, ...bucle };
}
