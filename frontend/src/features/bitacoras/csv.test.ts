// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cerrarToast, leerToasts } from '@/stores/toasts';
import { descargarCsv, MENSAJE_ERROR_CSV, nombreDeDisposicion } from './csv';

afterEach(() => {
  vi.restoreAllMocks();
  for (const t of leerToasts()) cerrarToast(t.id);
});

const csv = (cuerpo: string, cabeceras: Record<string, string> = {}) =>
  new Response(cuerpo, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', ...cabeceras } });

describe('descargarCsv', () => {
  it('asks for text/csv with the filters and saves the blob under the server name', async () => {
    const obtener = vi.fn(async () => csv('\uFEFFFecha,Usuario\n', { 'Content-Disposition': 'attachment; filename="bitacora-reserva-polanco.csv"' }));
    const guardar = vi.fn();
    const ok = await descargarCsv('/v1/admin/logs/reserva', { tag: 'polanco', desde: '2026-01-01', hasta: '', q: '' }, 'local.csv', { obtener, guardar });
    expect(ok).toBe(true);
    const [url, init] = obtener.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/admin/logs/reserva?tag=polanco&desde=2026-01-01');
    expect((init.headers as Record<string, string>).Accept).toBe('text/csv');
    expect(url).not.toMatch(/token/i);
    expect(guardar).toHaveBeenCalledWith(expect.any(Blob), 'bitacora-reserva-polanco.csv');
  });

  it('logs the spec message and toasts when the server fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const guardar = vi.fn();
    const ok = await descargarCsv('/v1/admin/logs/walkin', { tag: 'polanco' }, 'x.csv', {
      obtener: async () => new Response('{"status":"error"}', { status: 403, headers: { 'Content-Type': 'application/json' } }),
      guardar,
    });
    expect(ok).toBe(false);
    expect(guardar).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Error al convertir JSON a CSV:', expect.any(Error));
    expect(leerToasts().some((t) => t.tipo === 'error' && t.mensaje === MENSAJE_ERROR_CSV)).toBe(true);
  });

  it('logs the network failure itself', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const causa = new TypeError('Failed to fetch');
    const ok = await descargarCsv('/v1/admin/logs/walkin', {}, 'x.csv', {
      obtener: async () => {
        throw causa;
      },
      guardar: vi.fn(),
    });
    expect(ok).toBe(false);
    expect(error).toHaveBeenCalledWith('Error al convertir JSON a CSV:', causa);
  });

  it('refuses an answer that is not CSV', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ok = await descargarCsv('/v1/admin/logs/walkin', {}, 'x.csv', {
      obtener: async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      guardar: vi.fn(),
    });
    expect(ok).toBe(false);
    expect(error.mock.calls[0]?.[0]).toBe('Error al convertir JSON a CSV:');
  });
});

describe('nombreDeDisposicion', () => {
  it('reads the file name', () => {
    expect(nombreDeDisposicion('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(nombreDeDisposicion(null)).toBeNull();
  });
});
