import { revisarPermisosRol } from '@/lib/wasm';
import type { Esquema } from '@/lib/api-client';

export interface GrupoPermisos {
  area: string;
  permisos: Esquema<'PermisoCatalogo'>[];
}

/** The catalogue grouped by area, keeping the server's order of areas and within each. */
export function agruparPorArea(catalogo: readonly Esquema<'PermisoCatalogo'>[]): GrupoPermisos[] {
  const grupos = new Map<string, Esquema<'PermisoCatalogo'>[]>();
  for (const p of catalogo) {
    const lista = grupos.get(p.area);
    if (lista) lista.push(p);
    else grupos.set(p.area, [p]);
  }
  return [...grupos].map(([area, permisos]) => ({ area, permisos }));
}

/** The set with `nombre` added or removed. */
export function alternar(seleccion: readonly string[], nombre: string, activo: boolean): string[] {
  const sin = seleccion.filter((n) => n !== nombre);
  return activo ? [...sin, nombre] : sin;
}

/** Whether the selection holds all, some or none of a group's permissions. */
export function estadoGrupo(seleccion: readonly string[], grupo: GrupoPermisos): 'todos' | 'algunos' | 'ninguno' {
  const n = grupo.permisos.filter((p) => seleccion.includes(p.name)).length;
  return n === 0 ? 'ninguno' : n === grupo.permisos.length ? 'todos' : 'algunos';
}

/** Order-free comparison, so toggling a permission off and on again reads as unchanged. */
export function mismosPermisos(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}

/**
 * What is wrong with a role's selection of permissions (core's rule: a role that allows nothing
 * is refused, here before anything is sent as by the server), or null when it may be saved.
 */
export function revisarPermisos(seleccion: readonly string[]): string | null {
  const r = revisarPermisosRol([...seleccion]);
  return 'error' in r ? r.error.mensaje : null;
}
