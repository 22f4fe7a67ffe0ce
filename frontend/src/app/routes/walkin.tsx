import { VolverALista } from '@/components/ui/VolverALista';
import { CursorArrowRaysIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useParams, useSearchParams } from 'react-router';
import { SeccionConPestanas } from '@/components/layouts/SeccionConPestanas';
import { pantalla, pestanaPara, pestanasPara, rutaPestanaInicial, type Pestana } from '@/config/pantallas';
import type { SlugWalkins } from '@/features/walkin/api/get-walkins';
import { BarraWalkins } from '@/features/walkin/components/BarraWalkins';
import { DetalleWalkin } from '@/features/walkin/components/DetalleWalkin';
import { RegistroWalkin } from '@/features/walkin/components/RegistroWalkin';
import { puedeVerEspera } from '@/modulos/espera/api/get-espera';
import { ListaEspera } from '@/modulos/espera/components/ListaEspera';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import type { Esquema } from '@/lib/api-client';

const WALKIN = pantalla('walkin');

/** The tabs: Registrar (needs walkin.index), Hoy, Todas — as the table of screens lists them. */
export const PESTANAS_WALKIN: readonly Pestana[] = WALKIN.pestanas?.lista ?? [];

/** The tabs this user may open. */
export function pestanasWalkin(usuario: Pick<Esquema<'Usuario'>, 'role'> | null): Pestana[] {
  return pestanasPara(WALKIN, usuario);
}

/**
 * The tab a slug opens for this user, or null when the slug is unknown or its tab is not theirs
 * (then /walkin/hoy, open to everyone, is shown instead).
 */
export function pestanaWalkin(slug: string | undefined, usuario: Pick<Esquema<'Usuario'>, 'role'> | null): Pestana | null {
  return pestanaPara(WALKIN, slug, usuario);
}

/**
 * /walkin/:slug — Registrar shows the wizard full width; Hoy and Todas the sidebar of walk-ins
 * and, beside it, the selected one (child :id). Below 600 px list and detail take turns.
 */
export function Walkin() {
  const { slug, id } = useParams();
  const { usuario, sucursal } = useSesion();
  const [parametros] = useSearchParams();
  // "Sentar aquí" on the floor opens the wizard with its table chosen; "Sentar" on the waitlist,
  // with the waiting party (`?espera=`) filled in.
  const mesaElegida = parametros.get('mesa') ?? '';
  const espera = parametros.get('espera');
  const pestana = pestanaWalkin(slug, usuario);
  useTitulo(pestana ? `${WALKIN.titulo} · ${pestana.titulo}` : WALKIN.titulo);
  if (!pestana) return <Navigate to={rutaPestanaInicial(WALKIN)} replace />;
  const seccion = (contenido: ReactNode) => (
    <SeccionConPestanas titulo={WALKIN.titulo} etiqueta="Walk-in" base={WALKIN.ruta} pestanas={pestanasWalkin(usuario)} activa={pestana.slug}>
      {contenido}
    </SeccionConPestanas>
  );
  if (pestana.slug === 'registrar') {
    // A new branch is a new walk-in: the wizard starts afresh with that branch's defaults.
    if (!sucursal) return seccion(null);
    const registro = <RegistroWalkin key={sucursal} tag={sucursal} mesa={mesaElegida} espera={espera} />;
    if (!puedeVerEspera(usuario)) return seccion(registro);
    // Whoever keeps the waitlist registers beside it: "Sentar" fills the wizard with the party.
    return seccion(
      <div className="grid items-start gap-5 2xl:grid-cols-[minmax(0,1fr)_26rem]">
        {registro}
        <ListaEspera enlaceSentar={(g) => `/walkin/registrar?${new URLSearchParams({ ...(mesaElegida ? { mesa: mesaElegida } : {}), espera: g._id })}`} seleccionado={espera} className="2xl:sticky 2xl:top-[calc(var(--spacing-header-desktop)+1rem)]" />
      </div>,
    );
  }
  return seccion(
    <div className="flex items-start gap-5">
      <div className={`w-full sm:w-auto ${id ? 'hidden sm:block' : ''}`}>
        <BarraWalkins slug={pestana.slug as SlugWalkins} seleccionado={id} />
      </div>
      <div
        className={`min-w-0 flex-1 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 sm:sticky sm:top-[calc(var(--spacing-header-mobile)+1rem)] lg:top-[calc(var(--spacing-header-desktop)+1rem)] ${
          id ? '' : 'hidden sm:block'
        }`}
      >
        <Outlet />
      </div>
    </div>,
  );
}

/** Nothing selected yet. */
export function WalkinContenido() {
  return (
    <div className="flex min-h-[420px] flex-col items-center justify-center gap-3 px-6 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-primary-50 text-primary-700">
        <CursorArrowRaysIcon aria-hidden className="size-6" />
      </span>
      <p className="text-base font-semibold text-stone-800">Selecciona un walk-in</p>
      <p className="max-w-xs text-sm text-stone-500">Su detalle y sus tickets aparecerán aquí.</p>
    </div>
  );
}

/** /walkin/:slug/:id */
export function WalkinDetalle() {
  const { slug = 'hoy', id = '' } = useParams();
  return (
    <>
      <VolverALista a={`/walkin/${slug}`} />
      <DetalleWalkin key={id} id={id} />
    </>
  );
}
