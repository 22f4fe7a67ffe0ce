// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificacionDe } from '@/testing/datos';
import { seguirNotificaciones } from './stream-notificaciones';
import type { Esquema } from '@/lib/api-client';

/**
 * A response whose body sends `trozos` and then ends (or stays open with `abierto`); aborting the
 * request breaks it, as a real fetch does.
 */
function flujo(trozos: string[], abierto = false, signal?: AbortSignal | null): Response {
  const cuerpo = new ReadableStream<Uint8Array>({
    start(c) {
      for (const t of trozos) c.enqueue(new TextEncoder().encode(t));
      if (!abierto) c.close();
      signal?.addEventListener('abort', () => c.error(new DOMException('abortada', 'AbortError')));
    },
  });
  return new Response(cuerpo, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

const evento = (id: number, n: Esquema<'Notificacion'>) => `event: notificacion\nid: ${id}\ndata: ${JSON.stringify(n)}\n\n`;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live notification stream', () => {
  it('sends the bearer header, hands over each notification and resumes with Last-Event-ID after a drop', async () => {
    vi.useFakeTimers();
    const pedidos: { url: string; headers: Record<string, string> }[] = [];
    const respuestas = [
      (s: AbortSignal | null | undefined) =>
        flujo([': hola\n\n', evento(1, notificacionDe({ _id: 'a' })), evento(2, notificacionDe({ _id: 'b' })).slice(0, 20)], false, s),
      (s: AbortSignal | null | undefined) => flujo([evento(3, notificacionDe({ _id: 'c' }))], true, s),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        pedidos.push({ url, headers: init.headers as Record<string, string> });
        const r = respuestas.shift();
        if (!r) throw new Error('no more');
        return r(init.signal);
      }),
    );
    const recibidas: string[] = [];
    const conexiones: boolean[] = [];
    const control = new AbortController();
    const fin = seguirNotificaciones(
      'polanco',
      'tok',
      { alNotificacion: (n) => recibidas.push(n._id), alConectar: (r) => conexiones.push(r) },
      control.signal,
    );
    await vi.waitFor(() => expect(recibidas).toEqual(['a']));
    // The first stream ended: a reconnect follows after the backoff, naming the last id.
    await vi.advanceTimersByTimeAsync(1500);
    await vi.waitFor(() => expect(recibidas).toEqual(['a', 'c']));
    expect(pedidos.map((p) => p.url)).toEqual([
      '/api/v1/admin/notifications/stream?tag=polanco',
      '/api/v1/admin/notifications/stream?tag=polanco',
    ]);
    expect(pedidos[0]?.headers).toEqual({ Accept: 'text/event-stream', Authorization: 'Bearer tok' });
    expect(pedidos[1]?.headers['Last-Event-ID']).toBe('1');
    expect(conexiones).toEqual([false, true]);
    control.abort();
    await fin;
  });

  it('stops for good when the server refuses the session or the branch', async () => {
    for (const status of [401, 403]) {
      const llamadas = vi.fn(async () => new Response(null, { status }));
      vi.stubGlobal('fetch', llamadas);
      await seguirNotificaciones('polanco', 'tok', { alNotificacion: () => undefined, alConectar: () => undefined }, new AbortController().signal);
      expect(llamadas).toHaveBeenCalledTimes(1);
    }
  });

  it('hands over a guest\'s change to a reservation (event: reservaciones) without taking it for a notification', async () => {
    const vistas: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) =>
        flujo(['event: reservaciones\ndata: polanco\n\n', evento(7, notificacionDe({ _id: 'n' }))], true, init.signal),
      ),
    );
    const control = new AbortController();
    const fin = seguirNotificaciones(
      'polanco',
      'tok',
      { alNotificacion: (n) => vistas.push(`notificacion ${n._id}`), alReservaciones: () => vistas.push('reservaciones'), alConectar: () => undefined },
      control.signal,
    );
    await vi.waitFor(() => expect(vistas).toEqual(['reservaciones', 'notificacion n']));
    control.abort();
    await fin;
  });

  it('hands over a change of the waitlist (event: espera) without taking it for a notification', async () => {
    const vistas: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) =>
        flujo(['event: espera\ndata: polanco\n\n', evento(8, notificacionDe({ _id: 'm' }))], true, init.signal),
      ),
    );
    const control = new AbortController();
    const fin = seguirNotificaciones(
      'polanco',
      'tok',
      { alNotificacion: (n) => vistas.push(`notificacion ${n._id}`), alEspera: () => vistas.push('espera'), alConectar: () => undefined },
      control.signal,
    );
    await vi.waitFor(() => expect(vistas).toEqual(['espera', 'notificacion m']));
    control.abort();
    await fin;
  });

  it('skips a malformed event and keeps reading', async () => {
    const recibidas: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) =>
        flujo(['event: notificacion\ndata: {roto\n\n', evento(5, notificacionDe({ _id: 'z' }))], true, init.signal),
      ),
    );
    const control = new AbortController();
    const fin = seguirNotificaciones('polanco', 'tok', { alNotificacion: (n) => recibidas.push(n._id), alConectar: () => undefined }, control.signal);
    await vi.waitFor(() => expect(recibidas).toEqual(['z']));
    control.abort();
    await fin;
  });
});
