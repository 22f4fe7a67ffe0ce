import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PANTALLAS, rutaPestanaInicial, type ClaveVista, type Pantalla } from '../config/pantallas';
import { HostesLayout } from './layouts/HostesLayout';
import { MainLayout } from './layouts/MainLayout';
import { RequierePermiso } from './layouts/RequierePermiso';
import { RequiereSesion } from './layouts/RequiereSesion';
import { ErrorRuta } from './routes/error';
import { LoginPage } from './routes/login';
import { NoEncontrada } from './routes/no-encontrada';
import * as P from './routes/pantallas';
import { ReservacionDetalle, Reservaciones, ReservacionSinSeleccion } from './routes/reservaciones';
import { Walkin, WalkinContenido, WalkinDetalle } from './routes/walkin';

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
  promos: { element: <P.Promociones /> },
  'conf-walkin': { element: <P.ConfWalkin /> },
  'bitacora-walkin': { element: <P.BitacoraWalkin /> },
  'bitacora-reserva': { element: <P.BitacoraReserva /> },
  afiliados: { element: <P.Afiliados /> },
  marcas: { element: <P.Marcas /> },
  marca: { element: <P.Marca /> },
  usuarios: { element: <P.Usuarios /> },
  roles: { element: <P.Roles /> },
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
      { path: `${path}/:slug`, element: guardada(vista.element), children: vista.children },
    ];
  }
  const element = guardada(vista.element);
  return [path === '' ? { index: true, element } : { path, element, children: vista.children }];
}

/** The main layout's children: every screen of the table. */
export function rutasDeConsola(): RouteObject[] {
  return PANTALLAS.flatMap(rutasDePantalla);
}

/** Every route of spec §2. */
export const rutas: RouteObject[] = [
  {
    errorElement: <ErrorRuta />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/reservacion/:tag', element: <P.ReservacionPublica /> },
      { path: '/widget/:tag', element: <P.Widget /> },
      {
        element: (
          <RequiereSesion>
            <MainLayout />
          </RequiereSesion>
        ),
        children: rutasDeConsola(),
      },
      {
        path: '/hostes',
        element: (
          <RequiereSesion>
            <HostesLayout />
          </RequiereSesion>
        ),
        children: [
          { index: true, element: <P.HostesInicio /> },
          { path: 'walkin', element: <P.HostesWalkin /> },
          { path: 'reserva', element: <P.HostesReserva /> },
          { path: 'reserva/:id', element: <P.HostesEditarReserva /> },
          { path: 'checkin/:id', element: <P.HostesCheckin /> },
        ],
      },
      { path: '*', element: <NoEncontrada /> },
    ],
  },
];

export function crearRouter() {
  return createBrowserRouter(rutas);
}
