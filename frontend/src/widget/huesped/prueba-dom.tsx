// What the guest pages' tests share: mounting a page in happy-dom, a fake server answering its
// calls in the envelope, and waiting for what the page shows. Only tests import this file.
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Llamada {
  metodo: string;
  ruta: string;
  query: URLSearchParams;
  cuerpo: unknown;
  clave: string | null;
}

/** An answer: the envelope's message and data, with its status (200 unless said). */
export type Respuesta = { status?: number; message?: string; data?: unknown } | 'sin-red';

/**
 * Stubs `fetch` with `responder`, which sees each call (method, path without /api, query, body,
 * idempotency key) and answers it; every call is kept in `llamadas`.
 */
export function servidorFalso(responder: (l: Llamada) => Respuesta | Promise<Respuesta>) {
  const llamadas: Llamada[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const u = new URL(url, 'https://reservas.example');
    const cabeceras = (init.headers ?? {}) as Record<string, string>;
    const l: Llamada = {
      metodo: init.method ?? 'GET',
      ruta: u.pathname.replace(/^\/api/, ''),
      query: u.searchParams,
      cuerpo: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      clave: cabeceras['Idempotency-Key'] ?? null,
    };
    llamadas.push(l);
    const r = await responder(l);
    if (r === 'sin-red') throw new TypeError('Failed to fetch');
    const status = r.status ?? 200;
    const cuerpo = { status: status < 300 ? 'success' : 'error', message: r.message ?? 'OK', data: r.data ?? null };
    return new Response(JSON.stringify(cuerpo), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { llamadas, escrituras: () => llamadas.filter((l) => l.metodo !== 'GET') };
}

export function montar(nodo: ReactNode) {
  const caja = document.createElement('div');
  document.body.append(caja);
  const raiz = createRoot(caja);
  act(() => raiz.render(nodo));
  return {
    caja,
    desmontar: () => {
      act(() => raiz.unmount());
      caja.remove();
    },
  };
}

/** The page's text, spaces made plain (es-MX writes "p. m." with narrow spaces). */
export const textoDe = (el: Element | null) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

/**
 * Lets the page's promises and renders run until `cond` holds, or fails after 5 s: a bound on
 * the machine's speed (two busy cores render a page in far more than the usual few milliseconds),
 * never on a time the page itself waits for.
 */
export async function esperar<T>(cond: () => T | null | undefined | false, que = 'la condición'): Promise<T> {
  const limite = performance.now() + 5000;
  while (performance.now() < limite) {
    const v = cond();
    if (v) return v;
    await act(async () => {
      await new Promise((r) => setTimeout(r, 5));
    });
  }
  throw new Error(`no se cumplió ${que}`);
}

/** A button by its visible name, or null. */
export function boton(caja: Element, nombre: string | RegExp): HTMLButtonElement | null {
  return (
    Array.from(caja.querySelectorAll('button')).find((b) => (typeof nombre === 'string' ? textoDe(b).trim() === nombre : nombre.test(textoDe(b)))) ?? null
  );
}

export async function tocar(el: HTMLElement | null, veces = 1) {
  if (!el) throw new Error('no hay nada que tocar');
  await act(async () => {
    for (let i = 0; i < veces; i++) el.click();
  });
}

/** Chooses `valor` in a select (React hears the change event). */
export async function elegir(el: HTMLSelectElement | HTMLInputElement | null, valor: string) {
  if (!el) throw new Error('no existe la caja');
  await act(async () => {
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, valor);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}
