import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Esqueleto } from '../components/ui/Esqueleto';
import { INICIO_HOSTES, PANTALLAS, PANTALLAS_HOSTES, rutaPestanaInicial, type ClavePantallaHostes, type ClaveVista, type Pantalla } from '../config/pantallas';
import { RequierePermiso } from './layouts/RequierePermiso';
import { RequiereSesion } from './layouts/RequiereSesion';
import { ErrorRuta } from './routes/error';
import { LoginPage } from './routes/login';
import { NoEncontrada } from './routes/no-encontrada';

/**
 * A screen fetched when first drawn: the first load (the login) carries only what it draws, and
 * each layout and screen comes in its own file when someone opens it.
 */
function perezosa<M, K extends keyof M>(cargar: () => Promise<M>, nombre: K): ComponentType {
  return lazy(async () => ({ default: (await cargar())[nombre] as ComponentType }));
}

/** What stands in for a screen while its code arrives: the page never goes blank. */
function Cargando() {
  return (
    <div role="status" aria-label="Cargando" className="space-y-4 p-6">
      <Esqueleto className="h-7 w-56" />
      <Esqueleto className="h-4 w-full max-w-xl" />
      <Esqueleto className="h-40 w-full" />
    </div>
  );
}

const conCarga = (element: ReactNode) => <Suspense fallback={<Cargando />}>{element}</Suspense>;

/**
 * A signed-in layout together with the core's rules its screens call (lib/wasm): both download at
 * once after sign-in, and the login never waits for them.
 */
function conReglas<M>(cargar: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([cargar(), import('../lib/wasm').then((w) => w.iniciarCore())]).then(([m]) => m);
}

const pantallas = () => import('./routes/pantallas');
const walkin = () => import('./routes/walkin');
const reservaciones = () => import('./routes/reservaciones');
const layoutPrincipal = conReglas(() => import('./layouts/MainLayout'));
const layoutHostes = conReglas(() => import('./layouts/HostesLayout'));
const MainLayout = perezosa(layoutPrincipal, 'MainLayout');
const HostesLayout = perezosa(layoutHostes, 'HostesLayout');
const P = {
  Dashboard: perezosa(pantallas, 'Dashboard'),
  Clientes: perezosa(pantallas, 'Clientes'),
  Cliente: perezosa(pantallas, 'Cliente'),
  Meseros: perezosa(pantallas, 'Meseros'),
  Salon: perezosa(pantallas, 'Salon'),
  Cocina: perezosa(pantallas, 'Cocina'),
  Promociones: perezosa(pantallas, 'Promociones'),
  ConfWalkin: perezosa(pantallas, 'ConfWalkin'),
  BitacoraWalkin: perezosa(pantallas, 'BitacoraWalkin'),
  BitacoraReserva: perezosa(pantallas, 'BitacoraReserva'),
  Afiliados: perezosa(pantallas, 'Afiliados'),
  Afiliado: perezosa(pantallas, 'Afiliado'),
  Marcas: perezosa(pantallas, 'Marcas'),
  Marca: perezosa(pantallas, 'Marca'),
  Usuarios: perezosa(pantallas, 'Usuarios'),
  Roles: perezosa(pantallas, 'Roles'),
  Integraciones: perezosa(pantallas, 'Integraciones'),
  HostesInicio: perezosa(pantallas, 'HostesInicio'),
  HostesWalkin: perezosa(pantallas, 'HostesWalkin'),
  HostesReserva: perezosa(pantallas, 'HostesReserva'),
  HostesEditarReserva: perezosa(pantallas, 'HostesEditarReserva'),
  HostesCheckin: perezosa(pantallas, 'HostesCheckin'),
};
const Walkin = perezosa(walkin, 'Walkin');
const WalkinContenido = perezosa(walkin, 'WalkinContenido');
const WalkinDetalle = perezosa(walkin, 'WalkinDetalle');
const Reservaciones = perezosa(reservaciones, 'Reservaciones');
const ReservacionSinSeleccion = perezosa(reservaciones, 'ReservacionSinSeleccion');
const ReservacionDetalle = perezosa(reservaciones, 'ReservacionDetalle');

/** What each screen of the table renders; its path and permission come from the table. */
interface Vista {
  element: ReactNode;
  /** Nested routes under the screen (a section's tab content and the selected record). */
  children?: RouteObject[];
}

const VISTAS: Record<ClaveVista, Vista> = {
  dashboard: { element: <P.Dashboard /> },
  walkin: {
    element: <Walkin />,
    children: [
      { index: true, element: <WalkinContenido /> },
      { path: ':id', element: <WalkinDetalle /> },
    ],
  },
  reservaciones: {
    element: <Reservaciones />,
    children: [
      { index: true, element: <ReservacionSinSeleccion /> },
      { path: ':id', element: <ReservacionDetalle /> },
    ],
  },
  clientes: { element: <P.Clientes /> },
  cliente: { element: <P.Cliente /> },
  meseros: { element: <P.Meseros /> },
  salon: { element: <P.Salon /> },
  cocina: { element: <P.Cocina /> },
  promos: { element: <P.Promociones /> },
  'conf-walkin': { element: <P.ConfWalkin /> },
  'bitacora-walkin': { element: <P.BitacoraWalkin /> },
  'bitacora-reserva': { element: <P.BitacoraReserva /> },
  afiliados: { element: <P.Afiliados /> },
  afiliado: { element: <P.Afiliado /> },
  marcas: { element: <P.Marcas /> },
  marca: { element: <P.Marca /> },
  usuarios: { element: <P.Usuarios /> },
  roles: { element: <P.Roles /> },
  integraciones: { element: <P.Integraciones /> },
};

/**
 * The routes of one screen, each behind the guard of its permission: a group's path (it leads to
 * a child) and its children; a section with tabs as its bare path (to the first tab) and
 * `{ruta}/:slug`; any other screen as its path.
 */
function rutasDePantalla(p: Pantalla): RouteObject[] {
  const path = p.ruta.replace(/^\//, '');
  const guardada = (element: ReactNode) => <RequierePermiso pantalla={p}>{element}</RequierePermiso>;
  if (p.hijos) return [{ path, element: guardada(null) }, ...p.hijos.flatMap(rutasDePantalla)];
  const vista = VISTAS[p.clave as ClaveVista];
  if (p.pestanas) {
    return [
      { path, element: guardada(<Navigate to={rutaPestanaInicial(p)} replace />) },
      { path: `${path}/:slug`, element: guardada(conCarga(vista.element)), children: hijosConCarga(vista.children) },
    ];
  }
  const element = guardada(conCarga(vista.element));
  return [path === '' ? { index: true, element } : { path, element, children: hijosConCarga(vista.children) }];
}

const hijosConCarga = (hijos: RouteObject[] | undefined) => hijos?.map((h) => ({ ...h, element: conCarga(h.element) }));

/** The main layout's children: every screen of the table. */
export function rutasDeConsola(): RouteObject[] {
  return PANTALLAS.flatMap(rutasDePantalla);
}

const VISTAS_HOSTES: Record<ClavePantallaHostes, ReactNode> = {
  hostes: <P.HostesInicio />,
  'hostes-walkin': <P.HostesWalkin />,
  'hostes-reserva': <P.HostesReserva />,
  'hostes-editar-reserva': <P.HostesEditarReserva />,
  'hostes-checkin': <P.HostesCheckin />,
};

/** The host stand layout's children, each behind its screen's guard (which leads back to /hostes). */
export function rutasDeHostes(): RouteObject[] {
  return PANTALLAS_HOSTES.map((p) => {
    const element = (
      <RequierePermiso pantalla={p} inicio={INICIO_HOSTES}>
        {conCarga(VISTAS_HOSTES[p.clave])}
      </RequierePermiso>
    );
    return p.ruta === INICIO_HOSTES ? { index: true, element } : { path: p.ruta.slice(INICIO_HOSTES.length + 1), element };
  });
}

/** Every route of the console: /login, the main layout's screens and the host stand's (/hostes). */
export const rutas: RouteObject[] = [
  {
    errorElement: <ErrorRuta />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        element: (
          <RequiereSesion>
            {conCarga(<MainLayout />)}
          </RequiereSesion>
        ),
        children: rutasDeConsola(),
      },
      {
        path: INICIO_HOSTES,
        element: (
          <RequiereSesion>
            {conCarga(<HostesLayout />)}
          </RequiereSesion>
        ),
        children: rutasDeHostes(),
      },
      { path: '*', element: <NoEncontrada /> },
    ],
  },
];

export function crearRouter() {
  return createBrowserRouter(rutas);
}
