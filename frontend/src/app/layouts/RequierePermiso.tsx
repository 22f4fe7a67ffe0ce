import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { acceso, type Pantalla } from '@/config/pantallas';
import { useSesion } from '@/lib/use-session';
import { SinPermiso } from '../routes/sin-permiso';

/**
 * The route guard of a screen of the table: renders it only for a role holding its permission;
 * otherwise the no-permission page, or the user's landing screen for the dashboard. `inicio`: where
 * the no-permission page leads, when not the user's landing screen (the host stand's own home).
 */
export function RequierePermiso({ pantalla, inicio, children }: { pantalla: Pantalla; inicio?: string; children?: ReactNode }) {
  const { usuario } = useSesion();
  const decision = acceso(pantalla, usuario);
  switch (decision.tipo) {
    case 'ir':
      return <Navigate to={decision.a} replace />;
    case 'sin-permiso':
      return <SinPermiso pantalla={pantalla} inicio={inicio ?? decision.inicio} />;
    case 'mostrar':
      return <>{children}</>;
  }
}
