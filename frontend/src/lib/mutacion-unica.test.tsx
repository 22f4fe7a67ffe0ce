// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conClave, consola, datos } from './api-client';
import { useMutacionUnica } from './mutacion-unica';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Hook = ReturnType<typeof useMutacionUnica<unknown, { name: string }>>;

/** Mounts a component holding one `useMutacionUnica` that POSTs its variables; answers the hook. */
function montar(): { hook: () => Hook; desmontar: () => void } {
  let actual: Hook | null = null;
  function Prueba() {
    actual = useMutacionUnica<unknown, { name: string }>({
      // The body's shape is not what this test is about.
      mutationFn: (v, clave) => datos(consola.POST('/api/v1/admin/walkin', { body: v as never, params: { header: conClave(clave) } }), { silencioso: true }),
    });
    return null;
  }
  const raiz = createRoot(document.createElement('div'));
  const cliente = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  act(() => raiz.render(<QueryClientProvider client={cliente}><Prueba /></QueryClientProvider>));
  return { hook: () => actual as unknown as Hook, desmontar: () => act(() => raiz.unmount()) };
}

const claveDe = (llamada: unknown[] | undefined) => ((llamada?.[1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];
const ok = () => new Response(JSON.stringify({ status: 'success', message: 'Guardado', data: { _id: 'w1' } }), { status: 201 });
const rechazo = () => new Response(JSON.stringify({ status: 'error', message: 'Datos no válidos', data: null }), { status: 400 });

let desmontar: () => void = () => undefined;
beforeEach(() => {
  desmontar = () => undefined;
});
afterEach(() => {
  desmontar();
  vi.unstubAllGlobals();
});

describe('a save made once per action', () => {
  it('sends a double tap once, and both taps get the one answer', async () => {
    const fetch = vi.fn(async () => ok());
    vi.stubGlobal('fetch', fetch);
    const m = montar();
    desmontar = m.desmontar;
    const exito = vi.fn();
    await act(async () => {
      m.hook().mutate({ name: 'Ana' }, { onSuccess: exito });
      m.hook().mutate({ name: 'Ana' }, { onSuccess: exito });
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(exito).toHaveBeenCalledTimes(1);
    // Another action (other data) is its own save, with its own key.
    await act(async () => {
      await m.hook().mutateAsync({ name: 'Luis' });
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(claveDe(fetch.mock.calls[1])).not.toBe(claveDe(fetch.mock.calls[0]));
  });

  it('keeps the key while no answer came back, and renews it once the server answered', async () => {
    const fetch = vi.fn<(...args: unknown[]) => Promise<Response>>(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    const m = montar();
    desmontar = m.desmontar;
    await act(async () => {
      await m.hook().mutateAsync({ name: 'Ana' }).catch(() => undefined);
    });
    // The client tried three times (the first and two retries), all with one key.
    expect(fetch).toHaveBeenCalledTimes(3);
    const primera = claveDe(fetch.mock.calls[0]);
    expect(new Set(fetch.mock.calls.map(claveDe))).toEqual(new Set([primera]));
    // The user taps again: the same action, the same key (the first may have been saved).
    fetch.mockImplementation(async () => rechazo());
    await act(async () => {
      await m.hook().mutateAsync({ name: 'Ana' }).catch(() => undefined);
    });
    expect(claveDe(fetch.mock.calls[3])).toBe(primera);
    // The server answered (a refusal): the corrected try is a new action.
    fetch.mockImplementation(async () => ok());
    await act(async () => {
      await m.hook().mutateAsync({ name: 'Ana' });
    });
    expect(claveDe(fetch.mock.calls[4])).not.toBe(primera);
  });
});
