import { useEffect, useEffectEvent, type RefObject } from 'react';
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
  const leido = useEffectEvent(alLeer);
  const faltante = useEffectEvent(alFaltar);
  const { decodificadorRef, decodificadorListoRef, activoRef, numeroRef, primerCuadroRef, ultimaRef, detener, programar } = escaneo;

  useEffect(() => {
    const falta = soporteDelNavegador();
    if (falta) {
      faltante(falta);
      return;
    }
    const sinServicio = () => {
      detener();
      faltante(ERRORES_CAMARA.sinDecodificador);
    };
    const alResponder = (e: MessageEvent<RespuestaDecodificador>) => {
      const r = e.data;
      if (r.tipo === 'listo') {
        decodificadorListoRef.current = true;
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
        if (activoRef.current) programar(RETRASO_ESCANEO_MS);
        return;
      }
      if (r.numero !== numeroRef.current || !activoRef.current) return;
      contarCuadro(raiz.current, r.ms);
      if (!primerCuadroRef.current) {
        primerCuadroRef.current = true;
        marcar(MARCA_PRIMER_CUADRO, r.recibido);
      }
      if (r.codigo !== null) {
        const ahora = Date.now();
        if (esLecturaNueva(r.codigo, ahora, ultimaRef.current)) {
          ultimaRef.current = { codigo: r.codigo, en: ahora };
          marcar(MARCA_CODIGO_LEIDO, r.recibido);
          pitido();
          leido(r.codigo);
        }
      }
      programar(retrasoSiguiente(r.codigo !== null));
    };
    function arrancar() {
      decodificadorRef.current?.terminate();
      decodificadorListoRef.current = false;
      const trabajador = new Worker(new URL('./decodificador.worker.ts', import.meta.url), { type: 'module' });
      trabajador.onerror = sinServicio;
      trabajador.onmessage = alResponder;
      decodificadorRef.current = trabajador;
    }
    arrancar();
    return () => {
      decodificadorRef.current?.terminate();
      decodificadorRef.current = null;
      decodificadorListoRef.current = false;
    };
  }, [raiz, decodificadorRef, decodificadorListoRef, activoRef, numeroRef, primerCuadroRef, ultimaRef, detener, programar]);
}
