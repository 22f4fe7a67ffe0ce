import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { API_BASE, mensajeDeSobre, type Esquema } from '@/lib/api-client';
import { claveCocina, claveListasReservaciones, claveReservacionesSucursal } from '@/lib/claves';
import { terminarSesion } from '@/lib/session';
import { crearLectorSse, esperaReconexion } from '@/lib/sse';
import { useSesion } from '@/lib/use-session';
import { agregarNotificacion, claveNotificaciones } from '@/modulos/notificaciones/api/get-notificaciones';
import { claveSalon } from '@/modulos/salon/api/get-salon';
import { claveImpresiones } from '@/modulos/orden/api/get-impresion';
import { claveEspera } from '@/modulos/espera/api/get-espera';

/** The server sends a comment every 15 s; three missed mean the connection is dead. */
const SILENCIO_MAXIMO_MS = 45_000;

type Fin = 'reintentar' | 'parar';

export interface Suscriptor {
  /** A notification the stream pushed. */
  alNotificacion: (n: Esquema<'Notificacion'>) => void;
  /** A table of the branch opened, freed or moved (`event: salon`): the floor is read again. */
  alSalon?: () => void;
  /** A ticket of the branch was queued, printed, failed or expired (`event: impresion`). */
  alImpresion?: () => void;
  /**
   * A guest confirmed, cancelled or changed a reservation of the branch (`event: reservaciones`):
   * its lists and open details are read again.
   */
  alReservaciones?: () => void;
  /** The branch's waitlist changed: a party written down, called, seated or gone (`event: espera`). */
  alEspera?: () => void;
  /** The stream is open; `reanudada` when it resumes from a Last-Event-ID. */
  alConectar: (reanudada: boolean) => void;
}

/**
 * Reads `GET /v1/admin/notifications/stream?tag=` with `fetch` (the bearer header goes along; a
 * token never goes in a URL) until `signal` aborts: on a drop it reconnects with backoff and
 * `Last-Event-ID`, so what arrived meanwhile is sent again. Stops for good on 401 (the session is
 * over), 403 or 404.
 */
export async function seguirNotificaciones(tag: string, token: string, suscriptor: Suscriptor, signal: AbortSignal): Promise<void> {
  let ultimoId: string | null = null;
  let reintentoMs: number | null = null;
  let intentos = 0;

  async function conectar(): Promise<Fin> {
    const conexion = new AbortController();
    const cortar = () => conexion.abort();
    signal.addEventListener('abort', cortar);
    // A tablet that leaves the Wi-Fi may keep a dead socket for minutes: drop it at once and
    // resume (with Last-Event-ID) when the network is back.
    window.addEventListener('offline', cortar);
    let vigia: ReturnType<typeof setTimeout> | undefined;
    const vigilar = () => {
      clearTimeout(vigia);
      vigia = setTimeout(cortar, SILENCIO_MAXIMO_MS);
    };
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
      if (ultimoId !== null) headers['Last-Event-ID'] = ultimoId;
      vigilar();
      const respuesta = await fetch(`${API_BASE}/v1/admin/notifications/stream?${new URLSearchParams({ tag })}`, {
        headers,
        signal: conexion.signal,
        cache: 'no-store',
      });
      if (respuesta.status === 401) {
        // The same end as any other call's 401: no session, and the server's message for the
        // login page. The stream can be the first call to learn of it, racing the page's own.
        terminarSesion(mensajeDeSobre(await respuesta.text().catch(() => '')));
        return 'parar';
      }
      if (respuesta.status === 403 || respuesta.status === 404) return 'parar';
      if (!respuesta.ok || !respuesta.body) return 'reintentar';

      suscriptor.alConectar(ultimoId !== null);
      const lector = crearLectorSse(ultimoId);
      const texto = respuesta.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        vigilar();
        const { value, done } = await texto.read();
        if (done) return 'reintentar';
        // Only a stream that carries something counts as healthy: one that opens and closes at
        // once keeps backing off.
        intentos = 0;
        for (const evento of lector.agregar(value)) {
          if (evento.event === 'salon') {
            suscriptor.alSalon?.();
            continue;
          }
          if (evento.event === 'impresion') {
            suscriptor.alImpresion?.();
            continue;
          }
          if (evento.event === 'reservaciones') {
            suscriptor.alReservaciones?.();
            continue;
          }
          if (evento.event === 'espera') {
            suscriptor.alEspera?.();
            continue;
          }
          if (evento.event !== 'notificacion') continue;
          try {
            suscriptor.alNotificacion(JSON.parse(evento.data) as Esquema<'Notificacion'>);
          } catch {
            // One malformed event must not end the stream.
          }
        }
        ultimoId = lector.ultimoId;
        reintentoMs = lector.reintentoMs ?? reintentoMs;
      }
    } catch {
      return 'reintentar';
    } finally {
      clearTimeout(vigia);
      signal.removeEventListener('abort', cortar);
      window.removeEventListener('offline', cortar);
    }
  }

  while (!signal.aborted) {
    if ((await conectar()) === 'parar') return;
    if (signal.aborted) return;
    await dormir(esperaReconexion(intentos++, reintentoMs ?? 1000), signal);
  }
}

/** Waits, waking early when the network comes back or `signal` aborts. */
function dormir(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((listo) => {
    const fin = () => {
      clearTimeout(reloj);
      window.removeEventListener('online', fin);
      signal.removeEventListener('abort', fin);
      listo();
    };
    const reloj = setTimeout(fin, ms);
    window.addEventListener('online', fin);
    signal.addEventListener('abort', fin);
  });
}

/**
 * Keeps the current branch's notifications live: each pushed one goes first in the bell's cached
 * list and the branch's reservation lists ask again. `alNueva` hears each one (the chime).
 */
export function useNotificacionesEnVivo(alNueva: (n: Esquema<'Notificacion'>) => void): void {
  const { sucursal, token } = useSesion();
  const queryClient = useQueryClient();
  const oyente = useRef(alNueva);
  useEffect(() => {
    oyente.current = alNueva;
  });

  useEffect(() => {
    if (!sucursal || !token) return;
    const control = new AbortController();
    const clave = claveNotificaciones(sucursal);
    // The guests' changes have no replay either: after a drop, whatever they did meanwhile is read
    // again (the first connection finds the lists just read).
    let conexiones = 0;
    void seguirNotificaciones(
      sucursal,
      token,
      {
        alNotificacion: (n) => {
          // Before the first answer there is no list to add to: that answer will hold it.
          queryClient.setQueryData<Esquema<'Notificacion'>[]>(clave, (lista) => (lista ? agregarNotificacion(lista, n) : lista));
          void queryClient.invalidateQueries({ queryKey: claveListasReservaciones(sucursal) });
          // A new reservation may be due within the kitchen's two hours.
          void queryClient.invalidateQueries({ queryKey: claveCocina(sucursal) });
          oyente.current(n);
        },
        alSalon: () => {
          void queryClient.invalidateQueries({ queryKey: claveSalon(sucursal) });
          void queryClient.invalidateQueries({ queryKey: claveCocina(sucursal) });
        },
        alImpresion: () => {
          void queryClient.invalidateQueries({ queryKey: claveImpresiones(sucursal) });
          // The kitchen's screen shows its last forecast print's state.
          void queryClient.invalidateQueries({ queryKey: claveCocina(sucursal) });
        },
        alReservaciones: () => {
          void queryClient.invalidateQueries({ queryKey: claveReservacionesSucursal(sucursal) });
          void queryClient.invalidateQueries({ queryKey: claveCocina(sucursal) });
        },
        alEspera: () => {
          void queryClient.invalidateQueries({ queryKey: claveEspera(sucursal) });
          void queryClient.invalidateQueries({ queryKey: claveCocina(sucursal) });
        },
        alConectar: (reanudada) => {
          // The floor and the printers have no replay: whatever moved while the stream was away is read again.
          void queryClient.invalidateQueries({ queryKey: claveSalon(sucursal) });
          void queryClient.invalidateQueries({ queryKey: claveImpresiones(sucursal) });
          // Nor have the waitlist and the kitchen's forecast made of both.
          void queryClient.invalidateQueries({ queryKey: claveEspera(sucursal) });
          void queryClient.invalidateQueries({ queryKey: claveCocina(sucursal) });
          if (conexiones++ > 0) void queryClient.invalidateQueries({ queryKey: claveReservacionesSucursal(sucursal) });
          // A fresh stream cannot replay what came between the list's answer and its opening.
          if (!reanudada && queryClient.getQueryData(clave)) void queryClient.invalidateQueries({ queryKey: clave });
        },
      },
      control.signal,
    );
    return () => control.abort();
  }, [sucursal, token, queryClient]);
}
