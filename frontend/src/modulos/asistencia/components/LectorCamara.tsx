import { ArrowLeftIcon, ArrowPathIcon, BoltIcon, BoltSlashIcon, MagnifyingGlassMinusIcon, MagnifyingGlassPlusIcon, PauseIcon, PlayIcon } from '@heroicons/react/20/solid';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { BLOQUEO_BOTON_MS, RETRASO_ESCANEO_MS, botonLibre, zoomSiguiente, type FalloCamara, type RangoZoom } from '../camara/escaner';
import { useCamaraTrasera } from '../camara/use-camara-trasera';
import { useDecodificadorQr } from '../camara/use-decodificador-qr';
import { useEscaneo } from '../camara/use-escaneo';

type Estado = 'iniciando' | 'activo' | 'pausado' | 'error';
type ErrorCamara = FalloCamara | { tipo: 'soporte'; mensaje: string };

/**
 * The camera method: the rear camera's live view, a toggle that activates or pauses the
 * reader (pausing freezes the frame; locked 1 s after each press), torch and zoom when the track
 * has them. Frames go to a Web Worker that decodes them with core's `decodeQr`; a read code beeps
 * and goes to `alLeer`. The camera stops when this leaves the screen or the tab hides.
 */
export function LectorCamara({ alLeer, alRegresar }: { alLeer: (codigo: string) => void; alRegresar: () => void }) {
  const raiz = useRef<HTMLDivElement>(null);
  const pulsado = useRef<number | null>(null);
  const escaneo = useEscaneo();
  const { videoRef, flujoRef, activoRef, ultimaRef, cancelarReloj, programar } = escaneo;

  const [estado, setEstado] = useState<Estado>('iniciando');
  const [error, setError] = useState<ErrorCamara | null>(null);
  const [bloqueado, setBloqueado] = useState(false);
  const [linterna, setLinterna] = useState<{ disponible: boolean; encendida: boolean }>({ disponible: false, encendida: false });
  const [zoom, setZoom] = useState<{ rango: RangoZoom; valor: number } | null>(null);
  const [intento, setIntento] = useState(0);

  useDecodificadorQr(escaneo, {
    raiz,
    alLeer,
    alFaltar: (mensaje) => {
      setError({ tipo: 'soporte', mensaje });
      setEstado('error');
    },
  });

  useCamaraTrasera(escaneo, {
    intento,
    alIniciar: () => {
      setError(null);
      setEstado('iniciando');
    },
    alOcultar: () => setEstado('iniciando'),
    alActivar: (pista) => {
      setLinterna(pista.linterna);
      setZoom(pista.zoom);
      setEstado('activo');
    },
    alFallar: (fallo) => {
      setError(fallo);
      setEstado('error');
    },
  });

  function alternar() {
    const ahora = Date.now();
    if (!botonLibre(ahora, pulsado.current)) return;
    pulsado.current = ahora;
    setBloqueado(true);
    setTimeout(() => setBloqueado(false), BLOQUEO_BOTON_MS);
    const v = videoRef.current;
    if (estado === 'activo') {
      // Pausing freezes the frame: the video stops where it is and no frame is read.
      activoRef.current = false;
      cancelarReloj();
      v?.pause();
      setEstado('pausado');
    } else if (estado === 'pausado') {
      activoRef.current = true;
      ultimaRef.current = null;
      void v?.play().catch(() => undefined);
      setEstado('activo');
      programar(RETRASO_ESCANEO_MS / 10);
    }
  }

  async function ajustar(cambio: { torch?: boolean; zoom?: number }) {
    const pista = flujoRef.current?.getVideoTracks()[0];
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
        <video ref={videoRef} muted playsInline autoPlay aria-label="Vista de la cámara" className="size-full object-cover" />
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
