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
    toast.info('Uno');
    toast.error('Dos');
    toast.info('Uno');
    expect(leerToasts().map((t) => `${t.tipo} ${t.mensaje}`)).toEqual(['info Uno', 'error Dos']);
  });

  it('show at most two at once: a third pushes the oldest out', () => {
    toast.info('Uno');
    toast.error('Dos');
    toast.error('Tres');
    expect(leerToasts().map((t) => t.mensaje)).toEqual(['Dos', 'Tres']);
    // The one pushed out does not come back, nor does its clock close anything else.
    vi.advanceTimersByTime(6000);
    expect(leerToasts()).toEqual([]);
  });

  it('a success clears the errors before it, not the notices', () => {
    toast.error('Error al guardar los datos');
    toast.info('Sin conexión: reintentando');
    toast.exito('Datos guardados correctamente');
    expect(leerToasts().map((t) => `${t.tipo} ${t.mensaje}`)).toEqual(['info Sin conexión: reintentando', 'exito Datos guardados correctamente']);
  });

  it('close on demand', () => {
    const id = toast.info('Tres');
    cerrarToast(id);
    expect(leerToasts()).toEqual([]);
  });
});
