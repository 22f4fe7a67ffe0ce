import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HostesLayout } from './layouts/HostesLayout';
import { MainLayout } from './layouts/MainLayout';
import { RequiereSesion } from './layouts/RequiereSesion';
import { ErrorRuta } from './routes/error';
import { LoginPage } from './routes/login';
import { NoEncontrada } from './routes/no-encontrada';
import * as P from './routes/pantallas';
import { ReservacionDetalle, Reservaciones, ReservacionesLista } from './routes/reservaciones';
import { Walkin, WalkinContenido, WalkinDetalle } from './routes/walkin';

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
        children: [
          { index: true, element: <P.Dashboard /> },
          { path: 'users', element: <P.Usuarios /> },
          { path: 'roles', element: <P.Roles /> },
          { path: 'marcas', element: <P.Marcas /> },
          { path: 'marcas/:id', element: <P.Marca /> },
          { path: 'clientes', element: <P.Clientes /> },
          { path: 'clientes/:id', element: <P.Cliente /> },
          { path: 'afiliados', element: <P.Afiliados /> },
          { path: 'meseros', element: <P.Meseros /> },
          { path: 'promos', element: <P.Promociones /> },
          { path: 'conf-walkin', element: <P.ConfWalkin /> },
          { path: 'logs', element: <Navigate to="/logs/walk-in" replace /> },
          { path: 'logs/walk-in', element: <P.BitacoraWalkin /> },
          { path: 'logs/reserva', element: <P.BitacoraReserva /> },
          { path: 'reservaciones', element: <Navigate to="/reservaciones/hoy" replace /> },
          {
            path: 'reservaciones/:slug',
            element: <Reservaciones />,
            children: [
              { index: true, element: <ReservacionesLista /> },
              { path: ':id', element: <ReservacionDetalle /> },
            ],
          },
          { path: 'walkin', element: <Navigate to="/walkin/hoy" replace /> },
          {
            path: 'walkin/:slug',
            element: <Walkin />,
            children: [
              { index: true, element: <WalkinContenido /> },
              { path: ':id', element: <WalkinDetalle /> },
            ],
          },
        ],
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
