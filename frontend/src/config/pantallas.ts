// The screens of the console's main layout, written once: path, title, the permission
// that opens each, its tabs and its place in the side menu. The router (app/router.tsx), the side
// menu (config/menu.ts) and the route guard (acceso, below) all derive from this table, so a
// screen's permission cannot disagree between the menu and the address bar.
import { matchPath } from 'react-router';
import { rutaInicial, tienePermiso } from '../lib/session';
import type { NombrePermiso } from './permisos';
import type { Esquema } from '@/lib/api-client';

export type IconoMenu =
  | 'dashboard'
  | 'walkin'
  | 'reservaciones'
  | 'salon'
  | 'cocina'
  | 'clientes'
  | 'meseros'
  | 'promos'
  | 'bitacoras'
  | 'afiliados'
  | 'marcas'
  | 'usuarios'
  | 'roles'
  | 'integraciones'
  | 'recepcion'
  | 'configuracion';

/** The menu's sections, in order; a divider goes between them. */
export const SECCIONES_MENU = ['operacion', 'administracion'] as const;
export type SeccionMenuClave = (typeof SECCIONES_MENU)[number];

/** A tab of a section whose tabs are URLs (`{ruta}/{slug}`). */
export interface Pestana {
  readonly slug: string;
  readonly titulo: string;
  /** Needed on top of the screen's own; null: anyone who may open the screen. */
  readonly permiso: NombrePermiso | null;
}

export interface LugarMenu {
  /** Only for top-level entries; a group's children sit under it. */
  readonly seccion?: SeccionMenuClave;
  readonly icono?: IconoMenu;
  /** The label, when it is not the screen's title. */
  readonly titulo?: string;
  /** Where the entry leads, when not the screen's own path (one of its tabs). */
  readonly enlace?: string;
  /** Who sees the entry, when the screen opens for every session but serves only some. */
  readonly permiso?: NombrePermiso;
}

export interface Pantalla {
  readonly clave: string;
  /**
   * The path pattern, as React Router reads it ('/marcas/:id'). For a section with tabs, its base:
   * the tabs are `{ruta}/:slug` and the bare base goes to the first tab.
   */
  readonly ruta: string;
  /** The screen's heading, and the menu's label unless `menu.titulo` says otherwise. */
  readonly titulo: string;
  /** The permission the signed-in user's role must hold to open it; null: a session is enough. */
  readonly permiso: NombrePermiso | null;
  /**
   * Without the permission: 'sin-permiso' shows the no-permission page (the default);
   * 'ir-al-inicio' takes the user to their landing screen instead, for an address reached by a
   * link every user has (the logo's /).
   */
  readonly sinPermiso?: 'sin-permiso' | 'ir-al-inicio';
  readonly pestanas?: { readonly inicial: string; readonly lista: readonly Pestana[] };
  readonly menu?: LugarMenu;
  /** A menu group: its path opens the first child the user may open. */
  readonly hijos?: readonly Pantalla[];
}

/** In the side menu's order. */
export const PANTALLAS = [
  {
    clave: 'dashboard',
    ruta: '/',
    titulo: 'Dashboard',
    permiso: 'dashboard.index',
    sinPermiso: 'ir-al-inicio',
    menu: { seccion: 'operacion', icono: 'dashboard' },
  },
  {
    clave: 'walkin',
    ruta: '/walkin',
    titulo: 'Walk-in',
    // The section is open to everyone; only the Registrar tab needs walkin.index.
    permiso: null,
    pestanas: {
      inicial: 'hoy',
      lista: [
        { slug: 'registrar', titulo: 'Registrar', permiso: 'walkin.index' },
        { slug: 'hoy', titulo: 'Hoy', permiso: null },
        { slug: 'todas', titulo: 'Todas', permiso: null },
      ],
    },
    menu: { seccion: 'operacion', icono: 'walkin', enlace: '/walkin/registrar' },
  },
  {
    clave: 'reservaciones',
    ruta: '/reservaciones',
    titulo: 'Reservaciones',
    permiso: 'reservacion.index',
    pestanas: {
      inicial: 'hoy',
      lista: [
        { slug: 'hoy', titulo: 'Hoy', permiso: null },
        { slug: 'pendientes', titulo: 'Próximas', permiso: null },
        { slug: 'asistio', titulo: 'Asistió', permiso: null },
        { slug: 'vencidas', titulo: 'No asistió', permiso: null },
        { slug: 'canceladas', titulo: 'Canceladas', permiso: null },
        { slug: 'todas', titulo: 'Todas', permiso: null },
      ],
    },
    menu: { seccion: 'operacion', icono: 'reservaciones', enlace: '/reservaciones/hoy' },
  },
  {
    clave: 'salon',
    ruta: '/salon',
    titulo: 'Salón',
    permiso: 'salon.index',
    menu: { seccion: 'operacion', icono: 'salon' },
  },
  {
    clave: 'cocina',
    ruta: '/cocina',
    titulo: 'Cocina',
    permiso: 'cocina.index',
    menu: { seccion: 'operacion', icono: 'cocina' },
  },
  {
    clave: 'clientes',
    ruta: '/clientes',
    titulo: 'Clientes',
    permiso: 'clientes.index',
    menu: { seccion: 'operacion', icono: 'clientes' },
  },
  { clave: 'cliente', ruta: '/clientes/:id', titulo: 'Cliente', permiso: 'clientes.index' },
  {
    clave: 'meseros',
    ruta: '/meseros',
    titulo: 'Meseros',
    permiso: 'meseros.index',
    menu: { seccion: 'operacion', icono: 'meseros' },
  },
  {
    clave: 'promos',
    ruta: '/promos',
    titulo: 'Promociones',
    permiso: 'promos.index',
    menu: { seccion: 'operacion', icono: 'promos' },
  },
  {
    clave: 'bitacoras',
    ruta: '/logs',
    titulo: 'Bitácoras',
    permiso: 'logs.walkin',
    menu: { seccion: 'administracion', icono: 'bitacoras' },
    hijos: [
      {
        clave: 'bitacora-walkin',
        ruta: '/logs/walk-in',
        titulo: 'Bitácora de walk-in',
        permiso: 'bitacora.walkin',
        menu: { titulo: 'Walk-in' },
      },
      {
        clave: 'bitacora-reserva',
        ruta: '/logs/reserva',
        titulo: 'Bitácora de reservaciones',
        permiso: 'bitacora.reserva',
        menu: { titulo: 'Reservaciones' },
      },
    ],
  },
  {
    clave: 'afiliados',
    ruta: '/afiliados',
    titulo: 'Afiliados',
    permiso: 'afiliados.index',
    menu: { seccion: 'administracion', icono: 'afiliados' },
  },
  { clave: 'afiliado', ruta: '/afiliados/:id', titulo: 'Afiliado', permiso: 'afiliados.index' },
  {
    clave: 'marcas',
    ruta: '/marcas',
    titulo: 'Marcas',
    permiso: 'marcas.index',
    menu: { seccion: 'administracion', icono: 'marcas' },
  },
  { clave: 'marca', ruta: '/marcas/:id', titulo: 'Marca', permiso: 'marcas.index' },
  {
    clave: 'usuarios',
    ruta: '/users',
    titulo: 'Usuarios',
    permiso: 'users.index',
    menu: { seccion: 'administracion', icono: 'usuarios' },
  },
  {
    clave: 'roles',
    ruta: '/roles',
    titulo: 'Roles',
    permiso: 'role.index',
    menu: { seccion: 'administracion', icono: 'roles' },
  },
  {
    clave: 'integraciones',
    ruta: '/integraciones',
    titulo: 'Integraciones',
    permiso: 'integraciones.index',
    menu: { seccion: 'administracion', icono: 'integraciones' },
  },
  {
    // A branch's reminders, tolerance, buffet hours, printer wait and end of the business day.
    clave: 'conf-walkin',
    ruta: '/conf-walkin',
    titulo: 'Configuración de walk-in',
    permiso: 'walkin.edit',
    menu: { seccion: 'administracion', icono: 'configuracion', titulo: 'Configuración' },
  },
] as const satisfies readonly Pantalla[];

/**
 * The host stand's screens (/hostes): their own full-screen layout, behind
 * the same guard as the console's; only its home has a place in the side menu. Paths are absolute.
 */
export const PANTALLAS_HOSTES = [
  // In the side menu for whoever checks guests in at the door.
  {
    clave: 'hostes',
    ruta: '/hostes',
    titulo: 'Recepción',
    permiso: null,
    menu: { seccion: 'operacion', icono: 'recepcion', permiso: 'reservacion.asistio' },
  },
  { clave: 'hostes-walkin', ruta: '/hostes/walkin', titulo: 'Registro de walk-in', permiso: 'walkin.index' },
  // The public page's booking form, booking as staff (origin Plataforma): the console's call.
  { clave: 'hostes-reserva', ruta: '/hostes/reserva', titulo: 'Nueva reservación', permiso: 'reservacion.create' },
  { clave: 'hostes-editar-reserva', ruta: '/hostes/reserva/:id', titulo: 'Editar reservación', permiso: 'reservacion.edit' },
  { clave: 'hostes-checkin', ruta: '/hostes/checkin/:id', titulo: 'Check-in', permiso: 'reservacion.asistio' },
] as const satisfies readonly Pantalla[];

export type ClavePantallaHostes = (typeof PANTALLAS_HOSTES)[number]['clave'];

/** The host stand's landing screen, where its no-permission page leads back to. */
export const INICIO_HOSTES = '/hostes';

type Aplanar<T> = T extends { readonly hijos: readonly (infer H)[] } ? T | Aplanar<H> : T;
type Fila = Aplanar<(typeof PANTALLAS)[number]>;
export type ClavePantalla = Fila['clave'];
/** The screens with a view of their own (a group only leads to one of its children). */
export type ClaveVista = Exclude<Fila, { readonly hijos: readonly unknown[] }>['clave'];

/** Every screen of the table, groups before their children. */
export function todasLasPantallas(tabla: readonly Pantalla[] = PANTALLAS): Pantalla[] {
  return tabla.flatMap((p) => [p, ...todasLasPantallas(p.hijos ?? [])]);
}

export function pantalla(clave: ClavePantalla): Pantalla {
  const encontrada = todasLasPantallas().find((p) => p.clave === clave);
  if (!encontrada) throw new Error(`pantalla desconocida: ${clave}`);
  return encontrada;
}

type UsuarioConRol = Pick<Esquema<'Usuario'>, 'role'> | null;

const puede = (usuario: UsuarioConRol, permiso: NombrePermiso | null) => permiso === null || tienePermiso(usuario, permiso);

/** The tabs of a section this user may open, in order. */
export function pestanasPara(p: Pantalla, usuario: UsuarioConRol): Pestana[] {
  return (p.pestanas?.lista ?? []).filter((t) => puede(usuario, t.permiso));
}

/** The tab a slug opens for this user; null when the slug is unknown or the tab is not theirs. */
export function pestanaPara(p: Pantalla, slug: string | undefined, usuario: UsuarioConRol): Pestana | null {
  return pestanasPara(p, usuario).find((t) => t.slug === slug) ?? null;
}

/** Where a section with tabs opens when its tab is missing, unknown or not the user's. */
export function rutaPestanaInicial(p: Pantalla): string {
  return `${p.ruta}/${p.pestanas?.inicial ?? ''}`;
}

/**
 * The screen of the table an address belongs to (with the tab slug for a section with tabs), or
 * null for an address outside the table (/login, /hostes, an unknown one).
 */
export function pantallaDeRuta(ruta: string, tabla: readonly Pantalla[] = PANTALLAS): { pantalla: Pantalla; slug?: string } | null {
  for (const p of todasLasPantallas(tabla)) {
    if (matchPath({ path: p.ruta, end: true }, ruta)) return { pantalla: p };
    if (p.pestanas) {
      const slug = matchPath({ path: `${p.ruta}/:slug/*`, end: false }, ruta)?.params.slug;
      if (slug !== undefined) return { pantalla: p, slug };
    }
  }
  return null;
}

/**
 * The one permission an address within a screen needs: the screen's, or else its tab's. A tab
 * with a permission of its own sits in a screen open to every session (the walk-in section), so
 * an address never needs two.
 */
export function permisoDeRuta(p: Pantalla, ruta: string): NombrePermiso | null {
  if (p.permiso !== null) return p.permiso;
  const slug = p.pestanas ? matchPath({ path: `${p.ruta}/:slug/*`, end: false }, ruta)?.params.slug : undefined;
  return p.pestanas?.lista.find((t) => t.slug === slug)?.permiso ?? null;
}

/** What the guard does with a screen for a user. */
export type Acceso =
  /** Render the screen. */
  | { tipo: 'mostrar' }
  /** Go elsewhere, replacing the address. */
  | { tipo: 'ir'; a: string }
  /** Show the no-permission page, with a way back to the user's landing screen. */
  | { tipo: 'sin-permiso'; inicio: string };

/** The guard's decision for a screen of the table and the signed-in user. */
export function acceso(p: Pantalla, usuario: UsuarioConRol): Acceso {
  if (!puede(usuario, p.permiso)) {
    const inicio = rutaInicial(usuario);
    return p.sinPermiso === 'ir-al-inicio' ? { tipo: 'ir', a: inicio } : { tipo: 'sin-permiso', inicio };
  }
  if (p.hijos) {
    const primero = p.hijos.find((h) => puede(usuario, h.permiso)) ?? p.hijos[0];
    // A group of none the user may open still leads to its first child, whose guard then explains.
    if (primero) return { tipo: 'ir', a: primero.ruta };
  }
  return { tipo: 'mostrar' };
}

/**
 * The guard's decision for an address, tabs included (a tab that is not the user's opens the
 * section's first tab); null for an address outside the table.
 */
export function accesoARuta(ruta: string, usuario: UsuarioConRol, tabla: readonly Pantalla[] = PANTALLAS): Acceso | null {
  const encontrada = pantallaDeRuta(ruta, tabla);
  if (!encontrada) return null;
  const { pantalla: p, slug } = encontrada;
  const decision = acceso(p, usuario);
  if (decision.tipo !== 'mostrar' || !p.pestanas) return decision;
  if (slug === undefined || !pestanaPara(p, slug, usuario)) return { tipo: 'ir', a: rutaPestanaInicial(p) };
  return decision;
}
