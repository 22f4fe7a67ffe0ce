import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cerrarToast, DURACION_TOAST, leerToasts, toast } from './toasts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const t of leerToasts()) cerrarToast(t.id);
  vi.useRealTimers();
});

describe('toasts', () => {
  it('hide themselves after 6000 ms', () => {
    expect(DURACION_TOAST).toBe(6000);
    toast.error('Uno');
    vi.advanceTimersByTime(5999);
    expect(leerToasts().map((t) => t.mensaje)).toEqual(['Uno']);
    vi.advanceTimersByTime(1);
    expect(leerToasts()).toEqual([]);
  });

  it('stack in order and show the same text only once at a time', () => {
    toast.error('Uno');
    toast.exito('Dos');
    toast.error('Uno');
    expect(leerToasts().map((t) => `${t.tipo} ${t.mensaje}`)).toEqual(['error Uno', 'exito Dos']);
  });

  it('close on demand', () => {
    const id = toast.info('Tres');
    cerrarToast(id);
    expect(leerToasts()).toEqual([]);
  });
});
