import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { cerrarSesionLocal } from '@/lib/session';
import { useSesion } from '@/lib/use-session';

function SalirALogin() {
  // Whatever half a session is left (a token without its cookie, say) goes too.
  useEffect(() => cerrarSesionLocal(), []);
  return <Navigate to="/login" replace />;
}

/** Admin routes need token, user and the `rgatk` cookie; otherwise storage is cleared and /login shown. */
export function RequiereSesion({ children }: { children: ReactNode }) {
  const { autenticado } = useSesion();
  if (!autenticado) return <SalirALogin />;
  return <>{children}</>;
}
