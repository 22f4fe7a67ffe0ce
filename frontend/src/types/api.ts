// The shapes the server answers with, named for the console. Each is the type generated from the
// server's OpenAPI document (`make api-types` writes types/openapi.d.ts from /api/openapi.json),
// so a field the server renames or drops breaks the build here instead of a screen at run time.
import type { components } from './openapi';

type Esquemas = components['schemas'];

/** The envelope every answer shares (DESIGN §2), with `data` of the call's type. */
export type Envelope<T> = Omit<Esquemas['EnvelopeError'], 'data'> & { data: T };

export type Permiso = Esquemas['PermisoRef'];
export type Rol = Esquemas['Rol'];
export type Usuario = Esquemas['Usuario'];
/** What login takes. */
export type Credenciales = Esquemas['Login'];
/** What login answers: the bearer token and the signed-in user. */
export type Sesion = Esquemas['SesionIniciada'];
/** A branch as the selector lists it. */
export type Sucursal = Esquemas['SucursalResumen'];
/** A branch in full: schedule, tables and special days. */
export type SucursalCompleta = Esquemas['Sucursal'];
