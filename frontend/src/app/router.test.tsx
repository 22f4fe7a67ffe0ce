import { isValidElement, type ReactElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { todasLasPantallas, type Pantalla } from '../config/pantallas';
import { RequierePermiso } from './layouts/RequierePermiso';
import { RequiereSesion } from './layouts/RequiereSesion';
import { NoEncontrada } from './routes/no-encontrada';
import { rutas } from './router';

/** The screen whose guard wraps the deepest guarded route an address matches, if any. */
function guardiaDe(ruta: string): Pantalla | null {
  const coincidencias = matchRoutes(rutas, ruta) ?? [];
  for (const { route } of [...coincidencias].reverse()) {
    const el = route.element as ReactElement<{ pantalla?: Pantalla }> | undefined;
    if (isValidElement(el) && el.type === RequierePermiso) return el.props.pantalla ?? null;
  }
  return null;
}

describe('the router', () => {
  it('puts every address of the table of screens behind the guard of its own screen, inside the session guard', () => {
    const casos: [string, string][] = [
      ['/', 'dashboard'],
      ['/users', 'usuarios'],
      ['/roles', 'roles'],
      ['/integraciones', 'integraciones'],
      ['/marcas', 'marcas'],
      ['/marcas/m-1', 'marca'],
      ['/clientes', 'clientes'],
      ['/clientes/c-1', 'cliente'],
      ['/afiliados', 'afiliados'],
      ['/afiliados/a-1', 'afiliado'],
      ['/meseros', 'meseros'],
      ['/salon', 'salon'],
      ['/cocina', 'cocina'],
      ['/promos', 'promos'],
      ['/conf-walkin', 'conf-walkin'],
      ['/logs', 'bitacoras'],
      ['/logs/walk-in', 'bitacora-walkin'],
      ['/logs/reserva', 'bitacora-reserva'],
      ['/reservaciones', 'reservaciones'],
      ['/reservaciones/hoy', 'reservaciones'],
      ['/reservaciones/todas/r-1', 'reservaciones'],
      ['/walkin', 'walkin'],
      ['/walkin/registrar', 'walkin'],
      ['/walkin/hoy/w-1', 'walkin'],
    ];
    for (const [ruta, clave] of casos) {
      expect(guardiaDe(ruta)?.clave, ruta).toBe(clave);
      const sesion = (matchRoutes(rutas, ruta) ?? []).some(
        ({ route }) => isValidElement(route.element) && route.element.type === RequiereSesion,
      );
      expect(sesion, ruta).toBe(true);
    }
    // Every screen of the table is reachable.
    const guardadas = new Set(casos.map(([, clave]) => clave));
    expect(todasLasPantallas().filter((p) => !guardadas.has(p.clave))).toEqual([]);
  });

  it("puts each host stand address behind its own screen's guard, inside the session guard", () => {
    const casos: [string, string, string | null][] = [
      ['/hostes', 'hostes', null],
      ['/hostes/walkin', 'hostes-walkin', 'walkin.index'],
      ['/hostes/reserva', 'hostes-reserva', 'reservacion.create'],
      ['/hostes/reserva/r-1', 'hostes-editar-reserva', 'reservacion.edit'],
      ['/hostes/checkin/r-1', 'hostes-checkin', 'reservacion.asistio'],
    ];
    for (const [ruta, clave, permiso] of casos) {
      const guardia = guardiaDe(ruta);
      expect(guardia?.clave, ruta).toBe(clave);
      expect(guardia?.permiso, ruta).toBe(permiso);
      const sesion = (matchRoutes(rutas, ruta) ?? []).some(({ route }) => isValidElement(route.element) && route.element.type === RequiereSesion);
      expect(sesion, ruta).toBe(true);
    }
  });

  it('leaves the public pages and unknown addresses out of the permission guard', () => {
    for (const ruta of ['/login', '/reservacion/polanco', '/widget/polanco', '/no-existe']) {
      expect(guardiaDe(ruta), ruta).toBeNull();
    }
    const ultima = matchRoutes(rutas, '/users/u-1')?.at(-1)?.route.element;
    expect(isValidElement(ultima) && ultima.type === NoEncontrada).toBe(true);
  });
});
