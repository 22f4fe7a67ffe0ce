import { ArrowLeftIcon, ArrowPathIcon, BoltIcon, BoltSlashIcon, MagnifyingGlassMinusIcon, MagnifyingGlassPlusIcon, PauseIcon, PlayIcon } from '@heroicons/react/20/solid';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import {
  ASENTAR_MS,
  BLOQUEO_BOTON_MS,
  ERRORES_CAMARA,
  LIMITE_INICIO_MS,
  RESTRICCIONES_VIDEO,
  RETRASO_ESCANEO_MS,
  botonLibre,
  esLecturaNueva,
  faltaSoporte,
  falloDeCamara,
  retrasoSiguiente,
  tamanoDecodificado,
  zoomSiguiente,
  type FalloCamara,
  type RangoZoom,
  type UltimaLectura,
} from '../camara/escaner';
import { pitido } from '../camara/pitido';
import type { CuadroParaDecodificar, RespuestaDecodificador } from '../camara/protocolo';

/** User-timing marks the scan leaves (read by the browser tests and any performance panel). */
export const MARCA_PRIMER_CUADRO = 'anfitrion:camara-primer-cuadro';
export const MARCA_CODIGO_LEIDO = 'anfitrion:camara-codigo-leido';

type Estado = 'iniciando' | 'activo' | 'pausado' | 'error';
type ErrorCamara = FalloCamara | { tipo: 'soporte'; mensaje: string };

/** What the track can do beyond the DOM library's types (torch and zoom are not typed there). */
type Capacidades = MediaTrackCapabilities & { torch?: boolean; zoom?: RangoZoom };
type Ajustes = MediaTrackSettings & { torch?: boolean; zoom?: number };

class TiempoAgotado extends Error {}

function esperar<T>(promesa: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((ok, falla) => {
    const reloj = setTimeout(() => falla(new TiempoAgotado(ERRORES_CAMARA.tiempoAgotado)), ms);
    promesa.then(
      (v) => {
        clearTimeout(reloj);
        ok(v);
      },
      (e: unknown) => {
        clearTimeout(reloj);
        falla(e);
      },
    );
  });
}

function soporteDelNavegador(): string | null {
  return faltaSoporte({
    seguro: window.isSecureContext,
    getUserMedia: typeof navigator.mediaDevices?.getUserMedia === 'function',
    worker: typeof Worker !== 'undefined',
    imageBitmap: typeof createImageBitmap === 'function' && typeof OffscreenCanvas !== 'undefined',
  });
}

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
 * Spec §2/§4 camera method: the rear camera's live view, a toggle that activates or pauses the
 * reader (pausing freezes the frame; locked 1 s after each press), torch and zoom when the track
 * has them. Frames go to a Web Worker that decodes them with core's `decodeQr`; a read code beeps
 * and goes to `alLeer`. The camera stops when this leaves the screen or the tab hides.
 */
export function LectorCamara({ alLeer, alRegresar }: { alLeer: (codigo: string) => void; alRegresar: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const raiz = useRef<HTMLDivElement>(null);
  const flujo = useRef<MediaStream | null>(null);
  const decodificador = useRef<Worker | null>(null);
  const decodificadorListo = useRef(false);
  const reloj = useRef<ReturnType<typeof setTimeout> | null>(null);
  const activo = useRef(false);
  // Each start of the camera is a session: what arrives from an older one is ignored.
  const sesion = useRef(0);
  const numero = useRef(0);
  const primerCuadro = useRef(false);
  const ultima = useRef<UltimaLectura | null>(null);
  const pulsado = useRef<number | null>(null);
  const alLeerActual = useRef(alLeer);
  alLeerActual.current = alLeer;

  const [estado, setEstado] = useState<Estado>('iniciando');
  const [error, setError] = useState<ErrorCamara | null>(null);
  const [bloqueado, setBloqueado] = useState(false);
  const [linterna, setLinterna] = useState<{ disponible: boolean; encendida: boolean }>({ disponible: false, encendida: false });
  const [zoom, setZoom] = useState<{ rango: RangoZoom; valor: number } | null>(null);
  const [intento, setIntento] = useState(0);

  const cancelarReloj = () => {
    if (reloj.current) clearTimeout(reloj.current);
    reloj.current = null;
  };

  const detener = useCallback(() => {
    sesion.current++;
    activo.current = false;
    cancelarReloj();
    for (const pista of flujo.current?.getTracks() ?? []) pista.stop();
    flujo.current = null;
    if (video.current) video.current.srcObject = null;
  }, []);

  const programar = useCallback((ms: number) => {
    cancelarReloj();
    reloj.current = setTimeout(() => void escanearRef.current(), ms);
  }, []);

  // One frame to the worker; its answer schedules the next (so at most one is on its way).
  const escanearRef = useRef<() => Promise<void>>(async () => undefined);
  escanearRef.current = async () => {
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
  };

  // The worker, for as long as the scanner is on screen.
  useEffect(() => {
    const falta = soporteDelNavegador();
    if (falta) {
      setError({ tipo: 'soporte', mensaje: falta });
      setEstado('error');
      return;
    }
    const sinServicio = () => {
      detener();
      setError({ tipo: 'soporte', mensaje: ERRORES_CAMARA.sinDecodificador });
      setEstado('error');
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
          alLeerActual.current(r.codigo);
        }
      }
      programar(retrasoSiguiente(r.codigo !== null));
    };
    function arrancar() {
      decodificador.current?.terminate();
      decodificadorListo.current = false;
      const trabajador = new Worker(new URL('../camara/decodificador.worker.ts', import.meta.url), { type: 'module' });
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
  }, [detener, programar]);

  // The camera: started on screen (and again on Reintentar), stopped when leaving or hidden.
  useEffect(() => {
    if (soporteDelNavegador()) return;
    let vivo = true;

    async function iniciar() {
      detener();
      const esta = sesion.current;
      setError(null);
      setEstado('iniciando');
      primerCuadro.current = false;
      let obtenido: MediaStream | null = null;
      const pedido = navigator.mediaDevices.getUserMedia({ video: RESTRICCIONES_VIDEO, audio: false }).then((s) => {
        obtenido = s;
        // Arrived after the time ran out or after leaving: released at once.
        if (!vivo || esta !== sesion.current) for (const p of s.getTracks()) p.stop();
        return s;
      });
      try {
        const s = await esperar(
          pedido.then(async (s) => {
            const v = video.current;
            if (!v || esta !== sesion.current) return s;
            v.srcObject = s;
            await v.play();
            return s;
          }),
          LIMITE_INICIO_MS,
        );
        if (!vivo || esta !== sesion.current) return;
        flujo.current = s;
        const pista = s.getVideoTracks()[0];
        const capacidades: Capacidades = (pista?.getCapabilities?.() ?? {}) as Capacidades;
        const ajustes: Ajustes = (pista?.getSettings?.() ?? {}) as Ajustes;
        setLinterna({ disponible: capacidades.torch === true, encendida: ajustes.torch === true });
        const rango = capacidades.zoom;
        setZoom(rango && rango.max > rango.min ? { rango, valor: ajustes.zoom ?? rango.min } : null);
        activo.current = true;
        setEstado('activo');
        // Spec §9: 0.5 s for the exposure to settle before the first scan.
        programar(ASENTAR_MS);
      } catch (e) {
        if (!vivo || esta !== sesion.current) return;
        detener();
        const stream = obtenido as MediaStream | null;
        if (stream) for (const p of stream.getTracks()) p.stop();
        setError(e instanceof TiempoAgotado ? { tipo: 'otro', mensaje: ERRORES_CAMARA.tiempoAgotado } : falloDeCamara(e));
        setEstado('error');
      }
    }

    const alCambiarVisibilidad = () => {
      if (document.hidden) {
        detener();
        setEstado('iniciando');
      } else {
        void iniciar();
      }
    };
    void iniciar();
    document.addEventListener('visibilitychange', alCambiarVisibilidad);
    return () => {
      vivo = false;
      document.removeEventListener('visibilitychange', alCambiarVisibilidad);
      detener();
    };
  }, [detener, programar, intento]);

  function alternar() {
    const ahora = Date.now();
    if (!botonLibre(ahora, pulsado.current)) return;
    pulsado.current = ahora;
    setBloqueado(true);
    setTimeout(() => setBloqueado(false), BLOQUEO_BOTON_MS);
    const v = video.current;
    if (estado === 'activo') {
      // Pausing freezes the frame: the video stops where it is and no frame is read.
      activo.current = false;
      cancelarReloj();
      v?.pause();
      setEstado('pausado');
    } else if (estado === 'pausado') {
      activo.current = true;
      ultima.current = null;
      void v?.play().catch(() => undefined);
      setEstado('activo');
      programar(RETRASO_ESCANEO_MS / 10);
    }
  }

  async function ajustar(cambio: { torch?: boolean; zoom?: number }) {
    const pista = flujo.current?.getVideoTracks()[0];
    if (!pista) return;
    try {
      await pista.applyConstraints({ advanced: [cambio as MediaTrackConstraintSet] });
      if (cambio.torch !== undefined) setLinterna({ disponible: true, encendida: cambio.torch });
      if (cambio.zoom !== undefined) setZoom((z) => (z ? { ...z, valor: cambio.zoom! } : z));
    } catch {
      // The track refused: the control keeps its previous state.
    }
  }

  const fallo = estado === 'error' && error;

  return (
    <div ref={raiz} className="space-y-3" data-testid="lector-camara" data-estado={estado}>
      {fallo && <ErrorDeCamara error={error} alReintentar={() => setIntento((n) => n + 1)} alRegresar={alRegresar} />}
      {/* The video stays mounted (hidden on a failure) so Reintentar has it to start on. */}
      <div className={fallo ? 'hidden' : 'space-y-3'}>
      <div className="relative mx-auto aspect-[4/3] max-h-[42dvh] w-full max-w-xl overflow-hidden rounded-2xl bg-stone-900 shadow-inner">
        <video ref={video} muted playsInline autoPlay aria-label="Vista de la cámara" className="size-full object-cover" />
        <div aria-hidden className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className="aspect-square h-3/4 max-w-[75%] rounded-2xl border-4 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.25)]" />
        </div>
        {estado === 'iniciando' && (
          <div className="absolute inset-0 flex items-center justify-center gap-2 bg-stone-900/70 text-sm font-medium text-white">
            <Spinner /> Iniciando cámara…
          </div>
        )}
        {estado === 'pausado' && (
          <span className="absolute top-3 left-3 rounded-full bg-stone-900/80 px-3 py-1 text-xs font-semibold text-white">Lector en pausa</span>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button
          variante={estado === 'activo' ? 'secundario' : 'primario'}
          onClick={alternar}
          disabled={bloqueado || estado === 'iniciando'}
          className="min-h-12 min-w-44"
          data-accion="alternar-lector"
        >
          {estado === 'pausado' ? <PlayIcon aria-hidden className="size-5" /> : <PauseIcon aria-hidden className="size-5" />}
          {estado === 'pausado' ? 'Activar lector' : 'Pausar lector'}
        </Button>
        {linterna.disponible && (
          <Button variante="secundario" aria-pressed={linterna.encendida} onClick={() => void ajustar({ torch: !linterna.encendida })} className="min-h-12">
            {linterna.encendida ? <BoltSlashIcon aria-hidden className="size-5" /> : <BoltIcon aria-hidden className="size-5" />}
            {linterna.encendida ? 'Apagar linterna' : 'Linterna'}
          </Button>
        )}
        {zoom && (
          <div className="flex items-center gap-1" role="group" aria-label="Zoom">
            <Button
              variante="secundario"
              aria-label="Alejar"
              disabled={zoom.valor <= zoom.rango.min}
              onClick={() => void ajustar({ zoom: zoomSiguiente(zoom.valor, zoom.rango, -1) })}
              className="min-h-12"
            >
              <MagnifyingGlassMinusIcon aria-hidden className="size-5" />
            </Button>
            <span className="w-14 text-center text-sm font-semibold text-stone-700 tabular-nums">{zoom.valor.toFixed(1)}×</span>
            <Button
              variante="secundario"
              aria-label="Acercar"
              disabled={zoom.valor >= zoom.rango.max}
              onClick={() => void ajustar({ zoom: zoomSiguiente(zoom.valor, zoom.rango, 1) })}
              className="min-h-12"
            >
              <MagnifyingGlassPlusIcon aria-hidden className="size-5" />
            </Button>
          </div>
        )}
      </div>
      <p className="text-center text-sm text-stone-500" aria-live="polite">
        {estado === 'pausado' ? 'El lector está en pausa.' : 'Apunta la cámara al código QR de la reservación.'}
      </p>
      </div>
    </div>
  );
}

const EXPLICACIONES: Record<ErrorCamara['tipo'], { titulo: string; detalle: string }> = {
  permiso: {
    titulo: 'No se dio permiso para usar la cámara',
    detalle:
      'Permite el acceso a la cámara desde el ícono junto a la dirección del navegador y vuelve a intentarlo, o busca la reservación con el lector QR o por correo.',
  },
  'sin-camara': {
    titulo: 'No se encontró una cámara disponible',
    detalle: 'Este equipo no tiene una cámara que se pueda usar (o la ocupa otra aplicación). Busca la reservación con el lector QR o por correo.',
  },
  soporte: {
    titulo: 'La cámara no se puede usar en este navegador',
    detalle: 'Busca la reservación con el lector QR o por correo.',
  },
  otro: {
    titulo: 'No se pudo iniciar la cámara',
    detalle: 'Vuelve a intentarlo o busca la reservación con el lector QR o por correo.',
  },
};

function ErrorDeCamara({ error, alReintentar, alRegresar }: { error: ErrorCamara; alReintentar: () => void; alRegresar: () => void }) {
  const { titulo, detalle } = EXPLICACIONES[error.tipo];
  return (
    <div role="alert" className="space-y-3 rounded-2xl bg-red-50 p-5 ring-1 ring-red-200" data-testid="error-camara" data-tipo={error.tipo}>
      <div className="flex gap-3">
        <ExclamationTriangleIcon aria-hidden className="size-6 shrink-0 text-red-700" />
        <div className="space-y-1">
          <p className="text-base font-semibold text-red-900">{titulo}</p>
          <p className="text-sm text-red-800">{detalle}</p>
          <p className="font-mono text-xs text-red-700" data-campo="mensaje" lang="en">
            {error.mensaje}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {error.tipo !== 'soporte' && (
          <Button variante="secundario" onClick={alReintentar} className="min-h-11">
            <ArrowPathIcon aria-hidden className="size-5" />
            Reintentar
          </Button>
        )}
        <Button onClick={alRegresar} className="min-h-11">
          <ArrowLeftIcon aria-hidden className="size-5" />
          Usar otro método
        </Button>
      </div>
    </div>
  );
}
