import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { esMensajeCerrar, esMensajeReservada } from '@/lib/mensaje-widget';
import { claveNotificaciones } from '@/modulos/notificaciones/api/get-notificaciones';
import { claveListas } from '../api/get-reservaciones';

/** The reservation dialog: the widget in a 700×410 frame, origin Plataforma, party limit 50. */
export const ANCHO_WIDGET = 700;
export const ALTO_WIDGET = 410;
export const PERSONAS_MAX_CONSOLA = 50;

/** The address of the branch's booking widget as the console opens it. */
export function urlWidgetConsola(tag: string): string {
  const q = new URLSearchParams({ origin: 'Plataforma', personas_max: String(PERSONAS_MAX_CONSOLA) });
  return `/widget/${encodeURIComponent(tag)}?${q}`;
}

/**
 * The public booking widget framed in the console for staff taking a booking by phone or at the
 * door. When the frame says a booking was made (a message from this origin, from this frame),
 * every reservation list of the branch asks again; the bell hears of it through its stream.
 */
export function WidgetReserva({
  tag,
  alReservar,
  alCerrar,
  amplio = false,
}: {
  tag: string;
  alReservar?: (id: string) => void;
  alCerrar?: () => void;
  /**
   * A page of its own (the host stand): the frame takes the page's width and its height, so the
   * whole form shows without scrolling inside the frame; the dialog keeps its 700×410.
   */
  amplio?: boolean;
}) {
  const marco = useRef<HTMLIFrameElement>(null);
  const queryClient = useQueryClient();
  const reservada = useEffectEvent((id: string) => alReservar?.(id));
  const cerrar = useEffectEvent(() => alCerrar?.());

  useEffect(() => {
    function alMensaje(e: MessageEvent) {
      if (e.origin !== window.location.origin || e.source !== marco.current?.contentWindow) return;
      // Escape inside the frame: as Escape anywhere in the dialog.
      if (esMensajeCerrar(e.data)) return cerrar();
      if (!esMensajeReservada(e.data) || e.data.tag !== tag) return;
      void queryClient.invalidateQueries({ queryKey: claveListas(tag) });
      void queryClient.invalidateQueries({ queryKey: claveNotificaciones(tag) });
      reservada(e.data.id);
    }
    window.addEventListener('message', alMensaje);
    return () => window.removeEventListener('message', alMensaje);
  }, [queryClient, tag]);

  return (
    <iframe
      ref={marco}
      src={urlWidgetConsola(tag)}
      title="Widget de reservaciones"
      width={ANCHO_WIDGET}
      height={ALTO_WIDGET}
      // 700 px wide where there is room; a phone narrower than that gets the frame at its width.
      className="block rounded-xl bg-white ring-1 ring-stone-200"
      style={
        amplio
          ? { width: '100%', height: `max(${ALTO_WIDGET}px, min(44rem, calc(100dvh - 12rem)))` }
          : { width: '100%', maxWidth: ANCHO_WIDGET, height: ALTO_WIDGET }
      }
      data-testid="widget-reserva"
    />
  );
}
