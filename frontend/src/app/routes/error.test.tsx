import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { rutas } from '../router';
import { ErrorRuta } from './error';

describe('the router fallback', () => {
  it('is what every route falls back to', () => {
    expect(rutas).toHaveLength(1);
    expect((rutas[0]?.errorElement as { type?: unknown } | undefined)?.type).toBe(ErrorRuta);
  });

  it("reads 'Unexpected Application Error!' when a screen fails", async () => {
    const falla: RouteObject[] = [
      {
        path: '/',
        errorElement: <ErrorRuta />,
        loader: () => {
          throw new Error('se rompió');
        },
        element: <p>nunca</p>,
      },
    ];
    const handler = createStaticHandler(falla);
    const contexto = await handler.query(new Request('http://localhost/'));
    if (contexto instanceof Response) throw new Error('unexpected redirect');
    const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, contexto)} context={contexto} />);
    expect(html).toContain('<h2 class="text-2xl font-bold text-primary-800">Unexpected Application Error!</h2>');
    expect(html).toContain('se rompió');
  });
});
