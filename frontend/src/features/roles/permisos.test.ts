import { describe, expect, it } from 'vitest';
import { agruparPorArea, alternar, estadoGrupo, mismosPermisos, revisarPermisos } from './permisos';
import type { Esquema } from '@/lib/api-client';

const p = (name: string, area: string) => ({ name, area, descripcion: name }) as Esquema<'PermisoCatalogo'>;
const catalogo = [p('users.index', 'Usuarios'), p('role.index', 'Roles'), p('users.create', 'Usuarios')];

describe('permisos del editor de roles', () => {
  it('agrupa por área conservando el orden del servidor', () => {
    const grupos = agruparPorArea(catalogo);
    expect(grupos.map((g) => g.area)).toEqual(['Usuarios', 'Roles']);
    expect(grupos[0]?.permisos.map((x) => x.name)).toEqual(['users.index', 'users.create']);
  });
  it('alterna sin duplicar', () => {
    expect(alternar(['a'], 'a', true)).toEqual(['a']);
    expect(alternar(['a', 'b'], 'a', false)).toEqual(['b']);
  });
  it('dice si un grupo está completo, parcial o vacío', () => {
    const [usuarios] = agruparPorArea(catalogo);
    expect(estadoGrupo([], usuarios!)).toBe('ninguno');
    expect(estadoGrupo(['users.index'], usuarios!)).toBe('algunos');
    expect(estadoGrupo(['users.create', 'users.index'], usuarios!)).toBe('todos');
  });
  it('compara sin importar el orden', () => {
    expect(mismosPermisos(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(mismosPermisos(['a'], ['a', 'b'])).toBe(false);
  });
  it('rechaza un rol sin permisos, con el mensaje del formulario', () => {
    expect(revisarPermisos([])).toBe('Elige al menos un permiso para el rol');
    expect(revisarPermisos(['users.index'])).toBeNull();
  });
});
