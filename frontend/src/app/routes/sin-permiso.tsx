import { ArrowRightIcon, LockClosedIcon } from '@heroicons/react/24/outline';
import { Link, useLocation } from 'react-router';
import { PANTALLAS_HOSTES, pantallaDeRuta, type Pantalla } from '@/config/pantallas';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';

/**
 * What the guard shows, inside the main layout or the host stand's, in place of a screen the user's role may not open:
 * what is missing, who can grant it, and the way to the user's own landing screen.
 */
export function SinPermiso({ pantalla, inicio }: { pantalla: Pantalla; inicio: string }) {
  useTitulo('Sin permiso');
  const { usuario } = useSesion();
  const { pathname } = useLocation();
  const destino = (pantallaDeRuta(inicio) ?? pantallaDeRuta(inicio, PANTALLAS_HOSTES))?.pantalla.titulo;
  // A role that may not open even its own landing screen gets no link that goes nowhere.
  const conEnlace = pathname !== inicio;

  return (
    <section aria-labelledby="titulo-sin-permiso" className="grid min-h-[60vh] place-items-center py-6">
      <div className="w-full max-w-lg rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-stone-200 sm:px-12">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-primary-50 text-primary-700">
          <LockClosedIcon aria-hidden className="size-7" />
        </span>
        <h1 id="titulo-sin-permiso" className="mt-6 text-xl font-bold tracking-tight text-balance text-stone-900 sm:text-2xl">
          No tienes permiso para ver esta pantalla
        </h1>
        <p className="mx-auto mt-3 max-w-sm text-sm/6 text-pretty text-stone-600">
          {usuario ? (
            <>
              Tu rol, <span className="font-semibold text-stone-800">{usuario.role.name}</span>, no incluye acceso a{' '}
              <span className="font-semibold text-stone-800">{pantalla.titulo}</span>.{' '}
            </>
          ) : null}
          Si lo necesitas para tu trabajo, pide a un administrador que lo agregue a tu rol.
        </p>
        {pantalla.permiso && (
          <p className="mt-4 text-xs text-stone-500">
            Permiso necesario:{' '}
            <code className="rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-stone-700">{pantalla.permiso}</code>
          </p>
        )}
        {conEnlace && (
          <Link
            to={inicio}
            className="mt-8 inline-flex items-center justify-center gap-2 rounded-lg bg-primary-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-primary-800 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
          >
            {destino ? `Ir a ${destino}` : 'Ir a mi inicio'}
            <ArrowRightIcon aria-hidden className="size-4" />
          </Link>
        )}
      </div>
    </section>
  );
}
