import { describe, expect, it } from 'vitest';
import { usuarioDe } from '../testing/datos';
import { accesoARuta, pantalla, pantallaDeRuta, PANTALLAS_HOSTES, permisoDeRuta, todasLasPantallas } from './pantallas';
import type { NombrePermiso } from './permisos';

/** Each address of the console and the permission that opens it. */
const PERMISO_DE_RUTA: [string, NombrePermiso][] = [
  ['/', 'dashboard.index'],
  ['/reservaciones/hoy', 'reservacion.index'],
  ['/reservaciones/todas/r-42', 'reservacion.index'],
  ['/clientes', 'clientes.index'],
  ['/clientes/c-7', 'clientes.index'],
  ['/meseros', 'meseros.index'],
  ['/promos', 'promos.index'],
  ['/logs/walk-in', 'bitacora.walkin'],
  ['/logs/reserva', 'bitacora.reserva'],
  ['/afiliados', 'afiliados.index'],
  ['/marcas', 'marcas.index'],
  ['/marcas/m-1', 'marcas.index'],
  ['/users', 'users.index'],
  ['/roles', 'role.index'],
  ['/conf-walkin', 'walkin.edit'],
];

const hostess = usuarioDe('Hostess', ['walkin.index', 'reservacion.index', 'reservacion.asistio', 'reservaciones.index']);

describe('the route guard', () => {
  it.each(PERMISO_DE_RUTA)('opens %s only for a role holding %s', (ruta, permiso) => {
    expect(accesoARuta(ruta, usuarioDe('X', [permiso]))).toEqual({ tipo: 'mostrar' });
    const otros = PERMISO_DE_RUTA.map(([, p]) => p).filter((p) => p !== permiso);
    expect(accesoARuta(ruta, usuarioDe('X', otros))?.tipo).not.toBe('mostrar');
  });

  it('shows the no-permission page, pointing at the landing screen, to a Hostess typing an admin address', () => {
    for (const ruta of ['/users', '/roles', '/marcas', '/marcas/m-1', '/clientes', '/logs/reserva', '/conf-walkin']) {
      expect(accesoARuta(ruta, hostess), ruta).toEqual({ tipo: 'sin-permiso', inicio: '/reservaciones/hoy' });
    }
    expect(accesoARuta('/reservaciones/hoy', hostess)).toEqual({ tipo: 'mostrar' });
  });

  it('points each role at its own landing screen', () => {
    expect(accesoARuta('/reservaciones/hoy', usuarioDe('Sistemas', ['users.index']))).toEqual({ tipo: 'sin-permiso', inicio: '/users' });
    expect(accesoARuta('/users', usuarioDe('Mercadotecnia', ['promos.index']))).toEqual({ tipo: 'sin-permiso', inicio: '/promos' });
  });

  it('takes a role without dashboard.index from / to its landing screen instead of refusing', () => {
    expect(accesoARuta('/', hostess)).toEqual({ tipo: 'ir', a: '/reservaciones/hoy' });
    expect(accesoARuta('/', usuarioDe('Sistemas', ['users.index']))).toEqual({ tipo: 'ir', a: '/users' });
    expect(accesoARuta('/', usuarioDe('Mercadotecnia', ['promos.index']))).toEqual({ tipo: 'ir', a: '/promos' });
    expect(accesoARuta('/', usuarioDe('Gerente', ['dashboard.index']))).toEqual({ tipo: 'mostrar' });
  });

  it('opens the walk-in section to every session and its Registrar tab only with walkin.index', () => {
    const sinWalkin = usuarioDe('Reservaciones', ['reservacion.index']);
    expect(accesoARuta('/walkin/registrar', hostess)).toEqual({ tipo: 'mostrar' });
    expect(accesoARuta('/walkin/registrar', sinWalkin)).toEqual({ tipo: 'ir', a: '/walkin/hoy' });
    expect(accesoARuta('/walkin/hoy', sinWalkin)).toEqual({ tipo: 'mostrar' });
    expect(accesoARuta('/walkin/todas/w-3', sinWalkin)).toEqual({ tipo: 'mostrar' });
    expect(accesoARuta('/walkin', sinWalkin)).toEqual({ tipo: 'ir', a: '/walkin/hoy' });
    expect(accesoARuta('/walkin/otra', hostess)).toEqual({ tipo: 'ir', a: '/walkin/hoy' });
  });

  it('sends a bare or unknown reservations tab to Hoy, but only for a role that may see reservations', () => {
    expect(accesoARuta('/reservaciones', hostess)).toEqual({ tipo: 'ir', a: '/reservaciones/hoy' });
    expect(accesoARuta('/reservaciones/otra', hostess)).toEqual({ tipo: 'ir', a: '/reservaciones/hoy' });
    expect(accesoARuta('/reservaciones', usuarioDe('Sistemas', ['users.index']))).toEqual({ tipo: 'sin-permiso', inicio: '/users' });
  });

  it('opens /logs on the first log the role may read, and needs logs.walkin for it', () => {
    expect(accesoARuta('/logs', usuarioDe('X', ['logs.walkin', 'bitacora.walkin', 'bitacora.reserva']))).toEqual({ tipo: 'ir', a: '/logs/walk-in' });
    expect(accesoARuta('/logs', usuarioDe('X', ['logs.walkin', 'bitacora.reserva']))).toEqual({ tipo: 'ir', a: '/logs/reserva' });
    // Neither log: the first one's guard explains.
    expect(accesoARuta('/logs', usuarioDe('X', ['logs.walkin']))).toEqual({ tipo: 'ir', a: '/logs/walk-in' });
    expect(accesoARuta('/logs', hostess)).toEqual({ tipo: 'sin-permiso', inicio: '/reservaciones/hoy' });
  });

  it('opens the host stand to a session, its check-in, walk-in and booking to their permissions, the edit of a reservation only with reservacion.edit', () => {
    const gerente = usuarioDe('Gerente', ['walkin.index', 'reservacion.asistio', 'reservacion.edit', 'reservacion.create']);
    const reservaciones = usuarioDe('Reservaciones', ['reservacion.index', 'reservacion.edit', 'reservacion.create']);
    const casos: [string, boolean, boolean, boolean][] = [
      // address, hostess, gerente, reservaciones
      ['/hostes', true, true, true],
      ['/hostes/walkin', true, true, false],
      // A Hostess does not book (no reservacion.create): the stand does not offer it.
      ['/hostes/reserva', false, true, true],
      ['/hostes/reserva/r-1', false, true, true],
      ['/hostes/checkin/r-1', true, true, false],
    ];
    for (const [ruta, ...abre] of casos) {
      [hostess, gerente, reservaciones].forEach((u, i) => {
        expect(accesoARuta(ruta, u, PANTALLAS_HOSTES)?.tipo, `${ruta} ${u.role.name}`).toBe(abre[i] ? 'mostrar' : 'sin-permiso');
      });
    }
  });

  it('has nothing to say about addresses outside the main layout', () => {
    for (const ruta of ['/login', '/hostes', '/hostes/checkin/1', '/reservacion/polanco', '/no-existe', '/users/1']) {
      expect(accesoARuta(ruta, hostess), ruta).toBeNull();
    }
  });
});

describe('the table of screens', () => {
  it('names each screen and each path once', () => {
    const todas = todasLasPantallas();
    expect(new Set(todas.map((p) => p.clave)).size).toBe(todas.length);
    expect(new Set(todas.map((p) => p.ruta)).size).toBe(todas.length);
  });

  it('finds the screen of an address, with its tab', () => {
    expect(pantallaDeRuta('/marcas/m-1')?.pantalla.clave).toBe('marca');
    expect(pantallaDeRuta('/reservaciones/todas/r-1')).toMatchObject({ pantalla: { clave: 'reservaciones' }, slug: 'todas' });
    expect(pantallaDeRuta('/logs/walk-in')?.pantalla.clave).toBe('bitacora-walkin');
  });

  it('never asks two permissions of one address: a tab with its own permission lies in a screen open to all', () => {
    for (const p of todasLasPantallas()) {
      if (p.permiso === null) continue;
      expect(p.pestanas?.lista.filter((t) => t.permiso !== null) ?? [], p.clave).toEqual([]);
    }
    expect(permisoDeRuta(pantalla('walkin'), '/walkin/registrar')).toBe('walkin.index');
    expect(permisoDeRuta(pantalla('walkin'), '/walkin/hoy')).toBeNull();
    expect(permisoDeRuta(pantalla('reservaciones'), '/reservaciones/hoy')).toBe('reservacion.index');
  });

});
