// The side menu, derived from the table of screens (config/pantallas): an entry per
// screen placed in the menu, with the permission its link needs.
import { tienePermiso } from '../lib/session';
import { PANTALLAS, PANTALLAS_HOSTES, permisoDeRuta, SECCIONES_MENU, type IconoMenu, type Pantalla } from './pantallas';
import type { NombrePermiso } from './permisos';
import type { Esquema } from '@/lib/api-client';

export interface EntradaMenu {
  titulo: string;
  ruta: string;
  /** What the entry's link needs; null: a session is enough. */
  permiso: NombrePermiso | null;
  icono?: IconoMenu;
  hijos?: EntradaMenu[];
}

export interface SeccionMenu {
  entradas: EntradaMenu[];
}

function entradaDe(p: Pantalla): EntradaMenu {
  const ruta = p.menu?.enlace ?? p.ruta;
  const entrada: EntradaMenu = { titulo: p.menu?.titulo ?? p.titulo, ruta, permiso: p.menu?.permiso ?? permisoDeRuta(p, ruta) };
  if (p.menu?.icono) entrada.icono = p.menu.icono;
  if (p.hijos) entrada.hijos = p.hijos.filter((h) => h.menu).map(entradaDe);
  return entrada;
}

/** The whole menu: the day's work, then (after a divider) records and administration. */
export function menuDe(tabla: readonly Pantalla[]): SeccionMenu[] {
  return SECCIONES_MENU.map((seccion) => ({
    entradas: tabla.filter((p) => p.menu?.seccion === seccion).map(entradaDe),
  }));
}

/** The host stand's home leads the day's work; then the console's screens. */
export const MENU: SeccionMenu[] = menuDe([...PANTALLAS_HOSTES.filter((p) => 'menu' in p), ...PANTALLAS]);

/**
 * The menu as this user may see it: entries (and group children) without their permission are
 * gone, so is a group none of whose children is left (it would open onto nothing), and so are
 * empty sections.
 */
export function menuPara(usuario: Pick<Esquema<'Usuario'>, 'role'> | null, menu: SeccionMenu[] = MENU): SeccionMenu[] {
  if (!usuario) return [];
  const filtrar = (entradas: EntradaMenu[]): EntradaMenu[] =>
    entradas.flatMap((e) => {
      if (e.permiso !== null && !tienePermiso(usuario, e.permiso)) return [];
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
