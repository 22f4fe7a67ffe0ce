import { VolverALista } from '@/components/ui/VolverALista';
import { CursorArrowRaysIcon } from '@heroicons/react/24/outline';
import { Navigate, Outlet, useParams } from 'react-router';
import { SeccionConPestanas } from '@/components/layouts/SeccionConPestanas';
import { pantalla, pestanaPara, pestanasPara, rutaPestanaInicial } from '@/config/pantallas';
import type { SlugReservaciones } from '@/features/reservaciones/api/get-reservaciones';
import { BarraReservaciones } from '@/features/reservaciones/components/BarraReservaciones';
import { DetalleReservacion } from '@/features/reservaciones/components/DetalleReservacion';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';

const RESERVACIONES = pantalla('reservaciones');

/**
 * /reservaciones/:slug — the tabs, the sidebar of the tab's reservations and, beside it, the
 * selected one (child :id). Below 600 px the two take turns: the list, or the detail with a way
 * back to it.
 */
export function Reservaciones() {
  const { slug, id } = useParams();
  const { usuario } = useSesion();
  const pestana = pestanaPara(RESERVACIONES, slug, usuario);
  useTitulo(pestana ? `${RESERVACIONES.titulo} · ${pestana.titulo}` : RESERVACIONES.titulo);
  if (!pestana) return <Navigate to={rutaPestanaInicial(RESERVACIONES)} replace />;
  const vista = pestana.slug as SlugReservaciones;
  return (
    <SeccionConPestanas
      titulo={RESERVACIONES.titulo}
      etiqueta="Estado de las reservaciones"
      base={RESERVACIONES.ruta}
      pestanas={pestanasPara(RESERVACIONES, usuario)}
      activa={pestana.slug}
    >
      <div className="flex items-start gap-5">
        <div className={`w-full sm:w-auto ${id ? 'hidden sm:block' : ''}`}>
          <BarraReservaciones slug={vista} seleccionada={id} />
        </div>
        <div
          className={`min-w-0 flex-1 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 sm:sticky sm:top-[calc(var(--spacing-header-mobile)+1rem)] lg:top-[calc(var(--spacing-header-desktop)+1rem)] ${
            id ? '' : 'hidden sm:block'
          }`}
        >
          <Outlet />
        </div>
      </div>
    </SeccionConPestanas>
  );
}

/** Nothing selected yet. */
export function ReservacionSinSeleccion() {
  return (
    <div className="flex min-h-[420px] flex-col items-center justify-center gap-3 px-6 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-primary-50 text-primary-700">
        <CursorArrowRaysIcon aria-hidden className="size-6" />
      </span>
      <p className="text-base font-semibold text-stone-800">Selecciona una reservación</p>
      <p className="max-w-xs text-sm text-stone-500">Su detalle aparecerá aquí.</p>
    </div>
  );
}

/** /reservaciones/:slug/:id */
export function ReservacionDetalle() {
  const { slug = 'hoy', id = '' } = useParams();
  return (
    <>
      <VolverALista a={`/reservaciones/${slug}`} />
      {/* A new id is a new reservation: its dialogs and state start afresh. */}
      <DetalleReservacion key={id} id={id} />
    </>
  );
}
