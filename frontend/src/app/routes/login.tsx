import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Logo } from '@/components/ui/Logo';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { leerFinDeSesion, rutaInicial } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';

/** /login: the form, or — for someone already signed in — straight to their starting screen. */
export function LoginPage() {
  useTitulo('Iniciar sesión');
  const { autenticado, usuario } = useSesion();
  const navigate = useNavigate();
  // Why the last session ended (it expired, or was closed elsewhere), as the server said it.
  const [finDeSesion] = useState(leerFinDeSesion);
  if (autenticado) return <Navigate to={rutaInicial(usuario)} replace />;

  return (
    <div className="grid min-h-dvh bg-stone-50 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden bg-primary-800 p-12 text-white md:flex md:flex-col md:justify-between">
        <div aria-hidden className="absolute -top-32 -right-32 size-96 rounded-full bg-primary-700/60" />
        <div aria-hidden className="absolute -bottom-40 -left-24 size-[28rem] rounded-full bg-primary-900/60" />
        <div className="relative flex items-center gap-3">
          <span className="grid size-11 place-items-center rounded-xl bg-white/10 ring-1 ring-white/20">
            <Logo className="size-8" />
          </span>
          <span className="text-xl font-bold tracking-tight">Anfitrión</span>
        </div>
        <div className="relative max-w-sm space-y-4">
          <p className="text-3xl leading-tight font-bold lg:text-4xl">Cada mesa, bien recibida.</p>
          <p className="text-primary-100">
            Reservaciones, walk-ins, comandas y abres de todas tus sucursales en una sola consola.
          </p>
        </div>
        <p className="relative text-sm text-primary-200">Consola interna para el personal de sucursal.</p>
      </aside>

      <main className="flex items-center justify-center px-5 py-12 sm:px-10">
        <div className="w-full max-w-md">
          <div className="mb-8 flex items-center gap-3 md:hidden">
            <Logo className="size-10" />
            <span className="text-xl font-bold tracking-tight text-stone-900">Anfitrión</span>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-xl shadow-stone-900/5 ring-1 ring-stone-200 sm:p-10">
            <h1 className="text-2xl font-bold tracking-tight text-stone-900">Iniciar sesión</h1>
            <p className="mt-2 mb-8 text-sm text-stone-500">Ingresa con tu correo y contraseña de la empresa.</p>
            {finDeSesion && (
              <p role="alert" className="-mt-4 mb-6 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset" data-testid="fin-de-sesion">
                <ExclamationTriangleIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600" />
                {finDeSesion}
              </p>
            )}
            <LoginForm alEntrar={(u) => navigate(rutaInicial(u), { replace: true })} />
          </div>
        </div>
      </main>
    </div>
  );
}
