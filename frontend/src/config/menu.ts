// The side menu of spec §2: every entry with the permission that shows it.
import type { Usuario } from '../types/api';
import { tienePermiso } from '../lib/session';

export type IconoMenu =
  | 'dashboard'
  | 'walkin'
  | 'reservaciones'
  | 'clientes'
  | 'meseros'
  | 'promos'
  | 'bitacoras'
  | 'afiliados'
  | 'marcas'
  | 'usuarios'
  | 'roles';

export interface EntradaMenu {
  titulo: string;
  ruta: string;
  permiso: string;
  icono?: IconoMenu;
  hijos?: EntradaMenu[];
}

export interface SeccionMenu {
  entradas: EntradaMenu[];
}

/** Two sections: the day's work, then (after a divider) records and administration. */
export const MENU: SeccionMenu[] = [
  {
    entradas: [
      { titulo: 'Dashboard', ruta: '/', permiso: 'dashboard.index', icono: 'dashboard' },
      { titulo: 'Walk-in', ruta: '/walkin/registrar', permiso: 'walkin.index', icono: 'walkin' },
      { titulo: 'Reservaciones', ruta: '/reservaciones/hoy', permiso: 'reservacion.index', icono: 'reservaciones' },
      { titulo: 'Clientes', ruta: '/clientes', permiso: 'clientes.index', icono: 'clientes' },
      { titulo: 'Meseros', ruta: '/meseros', permiso: 'meseros.index', icono: 'meseros' },
      { titulo: 'Promociones', ruta: '/promos', permiso: 'promos.index', icono: 'promos' },
    ],
  },
  {
    entradas: [
      {
        titulo: 'Bitácoras',
        ruta: '/logs',
        permiso: 'logs.walkin',
        icono: 'bitacoras',
        hijos: [
          { titulo: 'Walk-in', ruta: '/logs/walk-in', permiso: 'bitacora.walkin' },
          { titulo: 'Reservaciones', ruta: '/logs/reserva', permiso: 'bitacora.reserva' },
        ],
      },
      { titulo: 'Afiliados', ruta: '/afiliados', permiso: 'afiliados.index', icono: 'afiliados' },
      { titulo: 'Marcas', ruta: '/marcas', permiso: 'marcas.index', icono: 'marcas' },
      { titulo: 'Usuarios', ruta: '/users', permiso: 'users.index', icono: 'usuarios' },
      { titulo: 'Roles', ruta: '/roles', permiso: 'role.index', icono: 'roles' },
    ],
  },
];

/**
 * The menu as this user may see it: entries (and group children) without their permission are
 * gone, so is a group none of whose children is left (it would open onto nothing), and so are
 * empty sections.
 */
export function menuPara(usuario: Pick<Usuario, 'role'> | null, menu: SeccionMenu[] = MENU): SeccionMenu[] {
  const filtrar = (entradas: EntradaMenu[]): EntradaMenu[] =>
    entradas.flatMap((e) => {
      if (!tienePermiso(usuario, e.permiso)) return [];
      if (!e.hijos) return [e];
      const hijos = filtrar(e.hijos);
      return hijos.length > 0 ? [{ ...e, hijos }] : [];
    });
  return menu.map((s) => ({ entradas: filtrar(s.entradas) })).filter((s) => s.entradas.length > 0);
}

export function primerSegmento(ruta: string): string {
  return ruta.split('/').filter(Boolean)[0] ?? '';
}

/** An entry is active when its first path segment is the current one (/ only for the dashboard). */
export function esActiva(entrada: Pick<EntradaMenu, 'ruta'>, rutaActual: string): boolean {
  return primerSegmento(entrada.ruta) === primerSegmento(rutaActual);
}
