// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reservacionDe } from '@/testing/datos';
import { getReservaciones, POR_PAGINA, reservacionesQueryOptions } from './get-reservaciones';
import type { Esquema } from '@/lib/api-client';

function responder(data: unknown) {
  const llamadas: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      llamadas.push(url);
      return new Response(JSON.stringify({ status: 'success', message: '', data }), { status: 200 });
    }),
  );
  return llamadas;
}

afterEach(() => vi.unstubAllGlobals());

describe('the reservation list call', () => {
  it('asks the tab, the search and the page of the current branch', async () => {
    const llamadas = responder({ items: [], total: 0, page: 2, limit: POR_PAGINA });
    await getReservaciones('polanco', 'todas', 'ana@correo.mx', 2);
    const url = new URL(llamadas[0] ?? '', 'http://x');
    expect(url.pathname).toBe('/api/v1/admin/reservacion');
    expect(Object.fromEntries(url.searchParams)).toEqual({ tag: 'polanco', status: 'todas', q: 'ana@correo.mx', page: '2', limit: String(POR_PAGINA) });
  });

  it('leaves q out when nothing is searched', async () => {
    const llamadas = responder({ items: [], total: 0, page: 1, limit: POR_PAGINA });
    await getReservaciones('polanco', 'pendientes', '', 1);
    expect(new URL(llamadas[0] ?? '', 'http://x').searchParams.has('q')).toBe(false);
  });

  it("reads Hoy's plain array as one whole page", async () => {
    const dia = [reservacionDe({ _id: 'a' }), reservacionDe({ _id: 'b' })];
    responder(dia);
    expect(await getReservaciones('polanco', 'hoy', '', 1)).toEqual({ items: dia, total: 2, page: 1, limit: 2 });
  });

  it('asks for the next page until the total is reached', () => {
    const { getNextPageParam } = reservacionesQueryOptions('polanco', 'todas', '');
    const pagina = (page: number, n: number, total: number): Esquema<'PaginaReservaciones'> => ({
      items: Array.from({ length: n }, (_, i) => reservacionDe({ _id: `${page}-${i}` })),
      total,
      page,
      limit: POR_PAGINA,
    });
    const p1 = pagina(1, POR_PAGINA, 250);
    const p2 = pagina(2, POR_PAGINA, 250);
    const p3 = pagina(3, 50, 250);
    expect(getNextPageParam(p1, [p1], 1, [1])).toBe(2);
    expect(getNextPageParam(p2, [p1, p2], 2, [1, 2])).toBe(3);
    expect(getNextPageParam(p3, [p1, p2, p3], 3, [1, 2, 3])).toBeUndefined();
    // An empty page ends it even if the total grew meanwhile.
    const vacia = pagina(4, 0, 400);
    expect(getNextPageParam(vacia, [p1, p2, p3, vacia], 4, [1, 2, 3, 4])).toBeUndefined();
  });

  it('does not refetch on window focus', () => {
    expect(reservacionesQueryOptions('polanco', 'hoy', '').refetchOnWindowFocus).toBe(false);
  });

  it('keys each branch apart', () => {
    expect(reservacionesQueryOptions('polanco', 'hoy', '').queryKey.slice(0, 2)).toEqual(['sucursal', 'polanco']);
  });
});
