// The browser session: token, user and current branch in local storage, and a one-day
// marker cookie at the site root. Everything that reads or changes the session goes through here,
// so the layout, the guard and the API client always agree.
//
// The cookie only marks "a session is present" for the route guard; it is never a credential and
// holds nothing secret (its value is `1`, not the token: a cookie travels with every request and
// shows in proxies' and devices' logs). The server reads the token from `Authorization: Bearer`
// alone (lib/api-client sends it on every call), and the cookie is `SameSite=Strict`.
import type { NombrePermiso } from '../config/permisos';
import type { Esquema } from '@/lib/api-client';

export const CLAVE_TOKEN = 'mqadtk';
export const CLAVE_USUARIO = 'mqadusr';
export const CLAVE_SUCURSAL = 'sucursal';
export const COOKIE_TOKEN = 'rgatk';
/** The marker cookie's value: a session is present, nothing more. */
export const MARCA_COOKIE = '1';
/** One day, in seconds. */
export const DURACION_COOKIE = 24 * 60 * 60;

export interface EstadoSesion {
  token: string | null;
  usuario: Esquema<'Usuario'> | null;
  sucursal: string | null;
  /** Token, user and cookie are all present. */
  autenticado: boolean;
}

const oyentes = new Set<() => void>();
let cache: { clave: string; estado: EstadoSesion } | null = null;

function avisar(): void {
  cache = null;
  for (const oyente of oyentes) oyente();
}

function esUsuario(v: unknown): v is Esquema<'Usuario'> {
  if (typeof v !== 'object' || v === null) return false;
  const u = v as Partial<Esquema<'Usuario'>>;
  return (
    typeof u.name === 'string' &&
    typeof u.email === 'string' &&
    Array.isArray(u.tags) &&
    typeof u.role === 'object' &&
    u.role !== null &&
    Array.isArray(u.role.permissions)
  );
}

export function leerToken(): string | null {
  return localStorage.getItem(CLAVE_TOKEN);
}

export function leerUsuario(): Esquema<'Usuario'> | null {
  const crudo = localStorage.getItem(CLAVE_USUARIO);
  if (!crudo) return null;
  try {
    const v: unknown = JSON.parse(crudo);
    return esUsuario(v) ? v : null;
  } catch {
    return null;
  }
}

export function leerSucursal(): string | null {
  return localStorage.getItem(CLAVE_SUCURSAL);
}

export function tieneCookie(): boolean {
  return document.cookie
    .split(';')
    .some((par) => {
      const [nombre, ...valor] = par.trim().split('=');
      return nombre === COOKIE_TOKEN && valor.join('=') !== '';
    });
}

/** Stores the token and sets the `rgatk` marker cookie for one day at the site root. */
export function guardarToken(token: string): void {
  localStorage.setItem(CLAVE_TOKEN, token);
  const seguro = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_TOKEN}=${MARCA_COOKIE}; Max-Age=${DURACION_COOKIE}; Path=/; SameSite=Strict${seguro}`;
  avisar();
}

export function guardarUsuario(usuario: Esquema<'Usuario'>): void {
  const nuevo = JSON.stringify(usuario);
  if (localStorage.getItem(CLAVE_USUARIO) === nuevo) return;
  localStorage.setItem(CLAVE_USUARIO, nuevo);
  avisar();
}

export function guardarSucursal(tag: string): void {
  if (localStorage.getItem(CLAVE_SUCURSAL) === tag) return;
  localStorage.setItem(CLAVE_SUCURSAL, tag);
  avisar();
}

/** Ends the session in this browser: wipes all local storage and removes the cookie. */
export function cerrarSesionLocal(): void {
  localStorage.clear();
  document.cookie = `${COOKIE_TOKEN}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Strict`;
  avisar();
}

export function leerSesion(): EstadoSesion {
  const token = leerToken();
  const usuarioCrudo = localStorage.getItem(CLAVE_USUARIO);
  const sucursal = leerSucursal();
  const cookie = tieneCookie();
  const clave = JSON.stringify([token, usuarioCrudo, sucursal, cookie]);
  if (cache?.clave === clave) return cache.estado;
  const usuario = leerUsuario();
  const estado: EstadoSesion = { token, usuario, sucursal, autenticado: Boolean(token && usuario && cookie) };
  cache = { clave, estado };
  return estado;
}

/** For `useSyncExternalStore`; also follows changes made in other tabs. */
export function suscribirSesion(oyente: () => void): () => void {
  oyentes.add(oyente);
  const deOtraPestana = (e: StorageEvent) => {
    if (e.key === null || e.key === CLAVE_TOKEN || e.key === CLAVE_USUARIO || e.key === CLAVE_SUCURSAL) avisar();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', deOtraPestana);
  return () => {
    oyentes.delete(oyente);
    if (typeof window !== 'undefined') window.removeEventListener('storage', deOtraPestana);
  };
}

/**
 * Where a signed-in user starts: the screen their role names, when it names one; otherwise by the
 * role's name: Sistemas → /users, Mercadotecnia → /promos, anyone else → today's reservations.
 */
export function rutaInicial(usuario: Pick<Esquema<'Usuario'>, 'role'> | null): string {
  // The role's own landing screen, when it names one (the server only saves one it may open).
  const propia = usuario?.role.inicio;
  // The dashboard sends whoever may not open it to their landing screen: never back to itself.
  if (propia && (propia !== '/' || tienePermiso(usuario, 'dashboard.index'))) return propia;
  switch (usuario?.role.name) {
    case 'Sistemas':
      return '/users';
    case 'Mercadotecnia':
      return '/promos';
    default:
      return '/reservaciones/hoy';
  }
}

/**
 * Whether the role holds a permission, by exact name. Any string is still accepted until the
 * permission type is generated from the server's catalogue (`string & {}` keeps the known names
 * offered by the editor).
 */
export function tienePermiso(usuario: Pick<Esquema<'Usuario'>, 'role'> | null, permiso: NombrePermiso): boolean {
  return usuario?.role.permissions.some((p) => p.name === permiso) ?? false;
}

/** The e-mail as the menu header shows it: its first 18 characters and an ellipsis. */
export function correoCorto(correo: string): string {
  return `${correo.slice(0, 18)}…`;
}

/**
 * Activates a session the server just granted: token (and cookie), user, and a current branch
 * among the user's tags when none of them is chosen yet.
 */
/** Where the login page finds why the last session ended (this tab only, until a new sign-in). */
const CLAVE_FIN = 'fin_de_sesion';

/**
 * Ends a session the server no longer honours, keeping `motivo` (the server's words) for the
 * login page to say until the next sign-in: a toast would be gone before a host looks back.
 */
export function terminarSesion(motivo: string | null): void {
  try {
    if (motivo) sessionStorage.setItem(CLAVE_FIN, motivo);
  } catch {
    // A browser without session storage still ends the session; it only cannot say why.
  }
  cerrarSesionLocal();
}

/** Why the last session of this tab ended, when the server said so. */
export function leerFinDeSesion(): string | null {
  try {
    return sessionStorage.getItem(CLAVE_FIN);
  } catch {
    return null;
  }
}

export function iniciarSesionLocal(token: string, usuario: Esquema<'Usuario'>): void {
  try {
    sessionStorage.removeItem(CLAVE_FIN);
  } catch {
    // Nothing was kept, then.
  }
  guardarToken(token);
  guardarUsuario(usuario);
  const actual = leerSucursal();
  const primera = usuario.tags[0];
  if (primera && (!actual || !usuario.tags.includes(actual))) guardarSucursal(primera);
}
