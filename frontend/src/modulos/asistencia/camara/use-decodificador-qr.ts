import { useEffect, useRef, type RefObject } from 'react';
import { ERRORES_CAMARA, RETRASO_ESCANEO_MS, esLecturaNueva, retrasoSiguiente } from './escaner';
import { pitido } from './pitido';
import type { RespuestaDecodificador } from './protocolo';
import { soporteDelNavegador, type Escaneo } from './use-escaneo';

/** User-timing marks the scan leaves (read by the browser tests and any performance panel). */
export const MARCA_PRIMER_CUADRO = 'anfitrion:camara-primer-cuadro';
export const MARCA_CODIGO_LEIDO = 'anfitrion:camara-codigo-leido';

function marcar(nombre: string, instante: number) {
  try {
    performance.mark(nombre, { startTime: Math.max(0, instante - performance.timeOrigin) });
  } catch {
    // A mark is a measurement, never a reason to fail the scan.
  }
}

/**
 * Counts a frame the worker decoded on the scanner's element — `data-cuadros` (frames) and
 * `data-ms-decodificando` (their decoding time in total) — written straight to the DOM so a frame
 * costs no render; the browser tests and the benchmark wait on and read them.
 */
function contarCuadro(el: HTMLElement | null, ms: number) {
  if (!el) return;
  el.dataset.cuadros = String(Number(el.dataset.cuadros ?? 0) + 1);
  el.dataset.msDecodificando = (Number(el.dataset.msDecodificando ?? 0) + ms).toFixed(1);
}

/**
 * The decoding worker (core's `decodeQr`), for as long as the scanner is on screen: a new one
 * when it traps on a frame, and each answer counted on `raiz`, a new code beeped and handed to
 * `alLeer`, and the next frame scheduled. A browser without what the scan needs, or a worker
 * that cannot start (which stops the camera), calls `alFaltar` with the reason.
 */
export function useDecodificadorQr(
  escaneo: Escaneo,
  { raiz, alLeer, alFaltar }: { raiz: RefObject<HTMLElement | null>; alLeer: (codigo: string) => void; alFaltar: (mensaje: string) => void },
) {
  const avisos = useRef({ alLeer, alFaltar });
  avisos.current = { alLeer, alFaltar };
  const { decodificador, decodificadorListo, activo, numero, primerCuadro, ultima, detener, programar } = escaneo;

  useEffect(() => {
    const falta = soporteDelNavegador();
    if (falta) {
      avisos.current.alFaltar(falta);
      return;
    }
    const sinServicio = () => {
      detener();
      avisos.current.alFaltar(ERRORES_CAMARA.sinDecodificador);
    };
    const alResponder = (e: MessageEvent<RespuestaDecodificador>) => {
      const r = e.data;
      if (r.tipo === 'listo') {
        decodificadorListo.current = true;
        return;
      }
      if (r.tipo === 'fallo') {
        sinServicio();
        return;
      }
      if (r.tipo === 'caido') {
        // The decoder trapped on a frame and can read no more: another takes its place, and
        // the scan goes on once it is ready.
        arrancar();
        if (activo.current) programar(RETRASO_ESCANEO_MS);
        return;
      }
      if (r.numero !== numero.current || !activo.current) return;
      contarCuadro(raiz.current, r.ms);
      if (!primerCuadro.current) {
        primerCuadro.current = true;
        marcar(MARCA_PRIMER_CUADRO, r.recibido);
      }
      if (r.codigo !== null) {
        const ahora = Date.now();
        if (esLecturaNueva(r.codigo, ahora, ultima.current)) {
          ultima.current = { codigo: r.codigo, en: ahora };
          marcar(MARCA_CODIGO_LEIDO, r.recibido);
          pitido();
          avisos.current.alLeer(r.codigo);
        }
      }
      programar(retrasoSiguiente(r.codigo !== null));
    };
    function arrancar() {
      decodificador.current?.terminate();
      decodificadorListo.current = false;
      const trabajador = new Worker(new URL('./decodificador.worker.ts', import.meta.url), { type: 'module' });
      trabajador.onerror = sinServicio;
      trabajador.onmessage = alResponder;
      decodificador.current = trabajador;
    }
    arrancar();
    return () => {
      decodificador.current?.terminate();
      decodificador.current = null;
      decodificadorListo.current = false;
    };
  }, [raiz, decodificador, decodificadorListo, activo, numero, primerCuadro, ultima, detener, programar]);
}
