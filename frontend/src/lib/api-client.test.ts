// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cerrarToast, leerToasts } from '../stores/toasts';
import { usuarioDe } from '../testing/datos';
import { ApiError, consola, datos } from './api-client';
import { cerrarSesionLocal, iniciarSesionLocal, leerFinDeSesion, leerSesion } from './session';

function responder(status: number, cuerpo: unknown, extra: Record<string, string> = {}) {
  return vi.fn(
    async () => new Response(JSON.stringify(cuerpo), { status, headers: { 'Content-Type': 'application/json', ...extra } }),
  );
}

interface Llamada {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, unknown>;
  signal?: AbortSignal;
  clave?: string;
  silencioso?: boolean;
}

/** Any call of the console's typed client: the transport is the same whatever the path. */
const api = (ruta: string, { method = 'GET', body, query, signal, clave, silencioso }: Llamada = {}) =>
  datos(
    (consola.request as unknown as (m: string, r: string, init: object) => Promise<{ data?: { status: string; message: string; data?: unknown }; response: Response }>)(method.toLowerCase(), `/api${ruta}`, {
      params: { query, header: { 'Idempotency-Key': clave } },
      body,
      signal,
    }),
    { silencioso },
  );

const avisos = () => leerToasts().map((t) => `${t.tipo}: ${t.mensaje}`);

beforeEach(() => {
  cerrarSesionLocal();
  sessionStorage.clear();
  for (const t of leerToasts()) cerrarToast(t.id);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client', () => {
  it('sends the stored token as a bearer, JSON in and out, and answers the envelope data', async () => {
    iniciarSesionLocal('tok-9', usuarioDe('Gerente'));
    const fetch = responder(200, { status: 'success', message: 'ok', data: [{ _id: '1' }] });
    vi.stubGlobal('fetch', fetch);

    const data = await api('/v1/admin/meseros', { method: 'POST', body: { name: 'Luis' }, query: { tag: 'polanco', vacio: '' } });

    expect(data).toEqual([{ _id: '1' }]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/admin/meseros?tag=polanco');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-9');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"name":"Luis"}');
  });

  it('marks every write with an Idempotency-Key, a read with none', async () => {
    const fetch = responder(200, { status: 'success', message: '', data: null });
    vi.stubGlobal('fetch', fetch);
    await api('/v1/admin/meseros', { method: 'POST', body: { name: 'Luis' } });
    await api('/v1/admin/meseros', { method: 'POST', body: { name: 'Luis' } });
    await api('/v1/admin/meseros', { method: 'PUT', body: {}, clave: 'accion-1' });
    await api('/v1/admin/meseros');
    const claves = fetch.mock.calls.map((c) => ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['Idempotency-Key']);
    expect(claves[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(claves[1]).not.toBe(claves[0]);
    expect(claves.slice(2)).toEqual(['accion-1', undefined]);
  });

  it('sends a write again with its key when the answer never came, and gives up after two retries', async () => {
    let fallos = 1;
    const fetch = vi.fn(async () => {
      if (fallos-- > 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ status: 'success', message: '', data: 7 }), { status: 201 });
    });
    vi.stubGlobal('fetch', fetch);
    expect(await api('/v1/admin/walkin', { method: 'POST', body: {}, clave: 'k' })).toBe(7);
    expect(fetch).toHaveBeenCalledTimes(2);
    // A read is not repeated behind the caller's back.
    fallos = 5;
    fetch.mockClear();
    await api('/v1/admin/walkin').catch(() => undefined);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a read the screen cancels while its body arrives is that cancellation, never an error toast', async () => {
    const control = new AbortController();
    const fetch = vi.fn(async () => {
      const cuerpo = new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode('{"status":"success","message":"ok","da'));
          // The refetch is cancelled with half the body read.
          control.abort();
          c.error(new DOMException('The operation was aborted.', 'AbortError'));
        },
      });
      return new Response(cuerpo, { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    const error = await api('/v1/admin/reservacion', { signal: control.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(avisos()).toEqual([]);
  });

  it('a body that is not JSON, with nobody cancelling, is still the unexpected answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 200 })));
    await expect(api('/v1/admin/reservacion')).rejects.toThrow('El servidor respondió de forma inesperada. Inténtalo de nuevo.');
    expect(avisos()).toEqual(['error: El servidor respondió de forma inesperada. Inténtalo de nuevo.']);
  });

  it('sends no Authorization header without a session', async () => {
    const fetch = responder(200, { status: 'success', message: '', data: null });
    vi.stubGlobal('fetch', fetch);
    await api('/v1/auth/login', { method: 'POST', body: {} });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('ends the session on a 401 from any call and keeps the server message for the login page', async () => {
    iniciarSesionLocal('caducado', usuarioDe('Gerente'));
    localStorage.setItem('otra', 'x');
    vi.stubGlobal('fetch', responder(401, { status: 'error', message: 'Tu sesión expiró', data: null }));

    const error = await api('/v1/admin/sucursal').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(localStorage.length).toBe(0);
    expect(document.cookie).not.toContain('rgatk=');
    expect(leerSesion().autenticado).toBe(false);
    // The login page says it, and keeps saying it: no toast besides.
    expect(leerFinDeSesion()).toBe('Tu sesión expiró');
    expect(avisos()).toEqual([]);
  });

  it('keeps why the session ended for the login page, even when the call that heard it is silent', async () => {
    iniciarSesionLocal('caducado', usuarioDe('Gerente'));
    vi.stubGlobal('fetch', responder(401, { status: 'error', message: 'Tu sesión expiró. Inicia sesión de nuevo.', data: null }));

    await api('/v1/admin/sucursal', { silencioso: true }).catch(() => undefined);

    expect(leerSesion().autenticado).toBe(false);
    expect(leerFinDeSesion()).toBe('Tu sesión expiró. Inicia sesión de nuevo.');
    // A new sign-in forgets it.
    iniciarSesionLocal('nuevo', usuarioDe('Gerente'));
    expect(leerFinDeSesion()).toBeNull();
  });

  it('keeps the session on a 403 and toasts the refusal', async () => {
    iniciarSesionLocal('tok', usuarioDe('Gerente'));
    vi.stubGlobal('fetch', responder(403, { status: 'error', message: 'No tienes permiso', data: null }));
    await expect(api('/v1/admin/sucursal')).rejects.toMatchObject({ status: 403, message: 'No tienes permiso' });
    expect(leerSesion().autenticado).toBe(true);
    expect(avisos()).toEqual(['error: No tienes permiso']);
  });

  it('treats a 200 whose envelope says error as a failure', async () => {
    vi.stubGlobal('fetch', responder(200, { status: 'error', message: 'No encontrada', data: { marca: 'X' } }));
    await expect(api('/v1/admin/reservacion/check', { method: 'POST', body: {} })).rejects.toMatchObject({
      message: 'No encontrada',
      data: { marca: 'X' },
    });
  });

  it('shows a throttling (429) message as it comes', async () => {
    vi.stubGlobal('fetch', responder(429, { status: 'error', message: 'Demasiados intentos', data: null }));
    await expect(api('/v1/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 429 });
    expect(avisos()).toEqual(['error: Demasiados intentos']);
  });

  it('hands on how long a 429 asks to wait', async () => {
    const cuerpo = { status: 'error', message: 'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.', data: { reintentar_en: 900 } };
    vi.stubGlobal('fetch', responder(429, cuerpo, { 'Retry-After': '897' }));
    await expect(api('/v1/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 429, reintentarEn: 897 });
    vi.stubGlobal('fetch', responder(429, cuerpo));
    await expect(api('/v1/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ reintentarEn: 900 });
  });

  it('stays quiet when asked to', async () => {
    vi.stubGlobal('fetch', responder(500, { status: 'error', message: 'Falla', data: null }));
    await expect(api('/v1/auth/logout', { method: 'POST', silencioso: true })).rejects.toBeInstanceOf(ApiError);
    expect(avisos()).toEqual([]);
  });

  it('reports an unreachable server in one toast', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api('/v1/a')).rejects.toMatchObject({ status: 0 });
    await expect(api('/v1/b')).rejects.toMatchObject({ status: 0 });
    expect(leerToasts()).toHaveLength(1);
    expect(leerToasts()[0]?.tipo).toBe('error');
  });
});
