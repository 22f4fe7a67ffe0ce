// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLAVE_TOKEN } from '../lib/session';
import { enMarcoPropio, getSucursal, reservaPersonal, type Ventana } from './api';

const CONSOLA = 'https://consola.ejemplo.mx';

/** A window framed by `padre` (none: on top), at `origen`. */
function ventana(origen: string, padre?: Ventana, ancestorOrigins?: string[]): Ventana {
  const v: { parent: Ventana; location: Ventana['location'] } = { parent: padre as Ventana, location: { origin: origen, ancestorOrigins } };
  if (!padre) v.parent = v;
  return v;
}

/** Another site's window: reading its location throws, as a browser's does. */
function ajena(): Ventana {
  const v = {
    get location(): Ventana['location'] {
      throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
    },
  } as { parent: Ventana; location: Ventana['location'] };
  v.parent = v;
  return v;
}

afterEach(() => localStorage.clear());

describe('the booking page acts for staff only in the console own frame', () => {
  it('on top, or framed by the console, it may', () => {
    expect(enMarcoPropio(ventana(CONSOLA))).toBe(true);
    expect(enMarcoPropio(ventana(CONSOLA, ventana(CONSOLA), [CONSOLA]))).toBe(true);
  });

  it('framed by another site it may not, however the frames are nested', () => {
    expect(enMarcoPropio(ventana(CONSOLA, ajena()))).toBe(false);
    expect(enMarcoPropio(ventana(CONSOLA, ventana('https://otro.ejemplo')))).toBe(false);
    expect(enMarcoPropio(ventana(CONSOLA, ventana(CONSOLA, ajena())))).toBe(false);
    expect(enMarcoPropio(ventana(CONSOLA, ventana(CONSOLA), ['https://otro.ejemplo']))).toBe(false);
  });

  it('on top with the console signed in, origin Plataforma books as staff', () => {
    expect(reservaPersonal('Plataforma')).toBe(false);
    localStorage.setItem(CLAVE_TOKEN, 'tok');
    expect(reservaPersonal('Plataforma')).toBe(true);
    expect(reservaPersonal('Widget')).toBe(false);
  });
});

describe('the booking page reads', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a read the page cancels while its body arrives is that cancellation, not an unexpected answer', async () => {
    const control = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const cuerpo = new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('{"status":"success","da'));
            control.abort();
            c.error(new DOMException('The operation was aborted.', 'AbortError'));
          },
        });
        return new Response(cuerpo, { status: 200 });
      }),
    );
    const error = await getSucursal('polanco', control.signal).catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
