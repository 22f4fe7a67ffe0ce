import type { NombrePermiso } from '../config/permisos';
import type { Usuario } from '../types/api';

/** A user as the server answers it, with just the permissions a test names. */
export function usuarioDe(rol: string, permisos: NombrePermiso[] = [], tags: string[] = ['polanco', 'satelite']): Usuario {
  return {
    _id: `u-${rol}`,
    name: `Usuario ${rol}`,
    email: `${rol.toLowerCase()}@demo.mx`,
    tags,
    role: { name: rol, permissions: permisos.map((name) => ({ name })) },
  };
}
