import { describe, expect, it } from 'vitest';
import { usuarioDe } from '../testing/datos';
import { esActiva, MENU, menuPara, type EntradaMenu, type SeccionMenu } from './menu';
import { accesoARuta, INICIO_HOSTES, PANTALLAS_HOSTES } from './pantallas';
import type { NombrePermiso } from './permisos';

const rutas = (secciones: SeccionMenu[]) =>
  secciones.map((s) => s.entradas.flatMap((e) => [`${e.ruta} ${e.titulo}`, ...(e.hijos ?? []).map((h) => `  ${h.ruta} ${h.titulo}`)]));

describe('the side menu', () => {
  it('shows every entry, in the spec order and two sections, to a user holding every permission', () => {
    const todos: NombrePermiso[] = [
      'dashboard.index', 'walkin.index', 'reservacion.index', 'salon.index', 'clientes.index', 'meseros.index', 'promos.index',
      'logs.walkin', 'bitacora.walkin', 'bitacora.reserva', 'afiliados.index', 'marcas.index', 'users.index', 'role.index',
    ];
    expect(rutas(menuPara(usuarioDe('X', todos)))).toEqual([
      ['/ Dashboard', '/walkin/registrar Walk-in', '/reservaciones/hoy Reservaciones', '/salon Salón', '/clientes Clientes', '/meseros Meseros', '/promos Promociones'],
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

  it('leads with the host stand for whoever checks guests in, and ends with the branch settings for whoever may change them', () => {
    expect(rutas(menuPara(usuarioDe('Hostess', ['walkin.index', 'reservacion.index', 'reservacion.asistio', 'salon.index'])))).toEqual([
      ['/hostes Recepción', '/walkin/registrar Walk-in', '/reservaciones/hoy Reservaciones', '/salon Salón'],
    ]);
    expect(rutas(menuPara(usuarioDe('Gerente', ['dashboard.index', 'walkin.edit', 'role.index'])))).toEqual([
      ['/ Dashboard'],
      ['/roles Roles', '/conf-walkin Configuración'],
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

describe('the side menu and the route guard', () => {
  /** The seeded roles and one user per menu permission. */
  const SEMBRADOS: NombrePermiso[][] = [
    ['users.index', 'role.index', 'marcas.index'],
    ['dashboard.index', 'promos.index', 'clientes.index', 'logs.walkin', 'bitacora.walkin', 'bitacora.reserva', 'afiliados.index'],
    [
      'dashboard.index', 'walkin.index', 'walkin.edit', 'reservacion.index', 'reservaciones.index', 'clientes.index', 'meseros.index',
      'promos.index', 'logs.walkin', 'bitacora.walkin', 'bitacora.reserva', 'afiliados.index', 'marcas.index',
    ],
    ['walkin.index', 'reservacion.index', 'reservacion.asistio', 'reservaciones.index'],
    ['reservacion.index', 'reservacion.create', 'reservacion.client', 'reservaciones.index'],
  ];
  const todas = (secciones: SeccionMenu[]): EntradaMenu[] => secciones.flatMap((s) => s.entradas.flatMap((e) => [e, ...(e.hijos ?? [])]));
  const usuarios = [...SEMBRADOS, ...todas(MENU).flatMap((e) => (e.permiso ? [[e.permiso]] : []))].map((p) => usuarioDe('X', p));

  /** Whether the guard ends up showing a screen at `ruta`, following its redirects. */
  function abre(ruta: string, usuario: ReturnType<typeof usuarioDe>): boolean {
    for (let saltos = 0; saltos < 3; saltos++) {
      const decision = accesoARuta(ruta, usuario) ?? accesoARuta(ruta, usuario, PANTALLAS_HOSTES);
      if (decision?.tipo !== 'ir') return decision?.tipo === 'mostrar';
      ruta = decision.a;
    }
    return false;
  }

  it('leads every entry a user sees to a screen the guard shows them; an entry hidden for want of its permission is refused', () => {
    for (const usuario of usuarios) {
      const nombres = usuario.role.permissions.map((p) => p.name).join(' ');
      const visibles = todas(menuPara(usuario));
      for (const e of visibles) expect(abre(e.ruta, usuario), `${nombres}: ${e.ruta}`).toBe(true);
      // (A log's entry is also hidden without the group's logs.walkin; its address needs only its own.)
      // (The host stand opens for every session; its entry shows only to who checks guests in.)
      const sinPermiso = todas(MENU).filter((e) => e.ruta !== INICIO_HOSTES && e.permiso !== null && !usuario.role.permissions.some((p) => p.name === e.permiso));
      for (const e of sinPermiso) {
        expect(visibles.some((v) => v.ruta === e.ruta)).toBe(false);
        expect(accesoARuta(e.ruta, usuario)?.tipo, `${nombres}: ${e.ruta}`).not.toBe('mostrar');
      }
    }
  });

  it('takes the Walk-in entry’s permission from the Registrar tab it leads to', () => {
    expect(todas(MENU).find((e) => e.ruta === '/walkin/registrar')?.permiso).toBe('walkin.index');
  });
});
