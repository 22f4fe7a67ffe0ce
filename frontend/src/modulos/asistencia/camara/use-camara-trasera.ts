import { useEffect, useEffectEvent } from 'react';
import { ASENTAR_MS, ERRORES_CAMARA, LIMITE_INICIO_MS, RESTRICCIONES_VIDEO, falloDeCamara, type FalloCamara, type RangoZoom } from './escaner';
import { soporteDelNavegador, type Escaneo } from './use-escaneo';

/** What the track can do beyond the DOM library's types (torch and zoom are not typed there). */
type Capacidades = MediaTrackCapabilities & { torch?: boolean; zoom?: RangoZoom };
type Ajustes = MediaTrackSettings & { torch?: boolean; zoom?: number };

/** What the started track offers: a torch (and whether it is on), a zoom range (and its value). */
export interface Pista {
  linterna: { disponible: boolean; encendida: boolean };
  zoom: { rango: RangoZoom; valor: number } | null;
}

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

/**
 * The rear camera on the scanner's video: started on screen (and again each time `intento`
 * changes: Reintentar), stopped when leaving or while the tab is hidden, given up after
 * LIMITE_INICIO_MS. Started, the first frame is read once the exposure settles. It reports
 * `alIniciar` (starting), `alOcultar` (stopped while the tab is hidden), `alActivar` with what the track offers, and
 * `alFallar` with why it could not start.
 */
export function useCamaraTrasera(
  escaneo: Escaneo,
  {
    intento,
    alIniciar,
    alOcultar,
    alActivar,
    alFallar,
  }: {
    intento: number;
    alIniciar: () => void;
    alOcultar: () => void;
    alActivar: (pista: Pista) => void;
    alFallar: (fallo: FalloCamara) => void;
  },
) {
  const iniciando = useEffectEvent(alIniciar);
  const oculta = useEffectEvent(alOcultar);
  const activa = useEffectEvent(alActivar);
  const fallida = useEffectEvent(alFallar);
  const { videoRef, flujoRef, activoRef, sesionRef, primerCuadroRef, detener, programar } = escaneo;

  useEffect(() => {
    if (soporteDelNavegador()) return;
    let vivo = true;

    async function iniciar() {
      detener();
      const esta = sesionRef.current;
      iniciando();
      primerCuadroRef.current = false;
      let obtenido: MediaStream | null = null;
      const pedido = navigator.mediaDevices.getUserMedia({ video: RESTRICCIONES_VIDEO, audio: false }).then((s) => {
        obtenido = s;
        // Arrived after the time ran out or after leaving: released at once.
        if (!vivo || esta !== sesionRef.current) for (const p of s.getTracks()) p.stop();
        return s;
      });
      try {
        const s = await esperar(
          pedido.then(async (s) => {
            const v = videoRef.current;
            if (!v || esta !== sesionRef.current) return s;
            v.srcObject = s;
            await v.play();
            return s;
          }),
          LIMITE_INICIO_MS,
        );
        if (!vivo || esta !== sesionRef.current) return;
        flujoRef.current = s;
        const pista = s.getVideoTracks()[0];
        const capacidades: Capacidades = (pista?.getCapabilities?.() ?? {}) as Capacidades;
        const ajustes: Ajustes = (pista?.getSettings?.() ?? {}) as Ajustes;
        const rango = capacidades.zoom;
        activa({
          linterna: { disponible: capacidades.torch === true, encendida: ajustes.torch === true },
          zoom: rango && rango.max > rango.min ? { rango, valor: ajustes.zoom ?? rango.min } : null,
        });
        activoRef.current = true;
        // 0.5 s for the exposure to settle before the first scan.
        programar(ASENTAR_MS);
      } catch (e) {
        if (!vivo || esta !== sesionRef.current) return;
        detener();
        const stream = obtenido as MediaStream | null;
        if (stream) for (const p of stream.getTracks()) p.stop();
        fallida(e instanceof TiempoAgotado ? { tipo: 'otro', mensaje: ERRORES_CAMARA.tiempoAgotado } : falloDeCamara(e));
      }
    }

    const alCambiarVisibilidad = () => {
      if (document.hidden) {
        detener();
        oculta();
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
  }, [videoRef, flujoRef, activoRef, sesionRef, primerCuadroRef, detener, programar, intento]);
}
