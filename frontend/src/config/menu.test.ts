import { describe, expect, it } from 'vitest';
import { usuarioDe } from '../testing/datos';
import { esActiva, menuPara, type SeccionMenu } from './menu';

const rutas = (secciones: SeccionMenu[]) =>
  secciones.map((s) => s.entradas.flatMap((e) => [`${e.ruta} ${e.titulo}`, ...(e.hijos ?? []).map((h) => `  ${h.ruta} ${h.titulo}`)]));

describe('the side menu', () => {
  it('shows every entry, in the spec order and two sections, to a user holding every permission', () => {
    const todos = [
      'dashboard.index', 'walkin.index', 'reservacion.index', 'clientes.index', 'meseros.index', 'promos.index',
      'logs.walkin', 'bitacora.walkin', 'bitacora.reserva', 'afiliados.index', 'marcas.index', 'users.index', 'role.index',
    ];
    expect(rutas(menuPara(usuarioDe('X', todos)))).toEqual([
      ['/ Dashboard', '/walkin/registrar Walk-in', '/reservaciones/hoy Reservaciones', '/clientes Clientes', '/meseros Meseros', '/promos Promociones'],
      ['/logs Bitácoras', '  /logs/walk-in Walk-in', '  /logs/reserva Reservaciones', '/afiliados Afiliados', '/marcas Marcas', '/users Usuarios', '/roles Roles'],
    ]);
  });

  it('hides entries without their permission and drops an empty section', () => {
    expect(rutas(menuPara(usuarioDe('Reservaciones', ['reservacion.index', 'reservaciones.index'])))).toEqual([
      ['/reservaciones/hoy Reservaciones'],
    ]);
    expect(rutas(menuPara(usuarioDe('Sistemas', ['users.index', 'role.index', 'marcas.index'])))).toEqual([
      ['/marcas Marcas', '/users Usuarios', '/roles Roles'],
    ]);
  });

  it('needs logs.walkin for the Bitácoras group and each child its own permission', () => {
    expect(rutas(menuPara(usuarioDe('X', ['bitacora.walkin', 'bitacora.reserva'])))).toEqual([]);
    expect(rutas(menuPara(usuarioDe('X', ['logs.walkin', 'bitacora.reserva'])))).toEqual([
      ['/logs Bitácoras', '  /logs/reserva Reservaciones'],
    ]);
    expect(rutas(menuPara(usuarioDe('X', ['logs.walkin', 'bitacora.walkin'])))).toEqual([
      ['/logs Bitácoras', '  /logs/walk-in Walk-in'],
    ]);
  });

  it('hides the Bitácoras group when none of its children is visible, even with logs.walkin', () => {
    expect(rutas(menuPara(usuarioDe('X', ['logs.walkin'])))).toEqual([]);
    expect(rutas(menuPara(usuarioDe('X', ['logs.walkin', 'afiliados.index', 'promos.index'])))).toEqual([
      ['/promos Promociones'],
      ['/afiliados Afiliados'],
    ]);
  });

  it('shows nothing to nobody', () => {
    expect(menuPara(null)).toEqual([]);
  });

  it('highlights the entry whose first path segment is the current one', () => {
    expect(esActiva({ ruta: '/reservaciones/hoy' }, '/reservaciones/todas/abc')).toBe(true);
    expect(esActiva({ ruta: '/walkin/registrar' }, '/walkin/hoy')).toBe(true);
    expect(esActiva({ ruta: '/logs' }, '/logs/reserva')).toBe(true);
    expect(esActiva({ ruta: '/' }, '/')).toBe(true);
    expect(esActiva({ ruta: '/' }, '/clientes')).toBe(false);
    expect(esActiva({ ruta: '/clientes' }, '/clientes/42')).toBe(true);
    expect(esActiva({ ruta: '/marcas' }, '/meseros')).toBe(false);
  });
});
