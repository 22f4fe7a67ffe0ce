import { CalendarDaysIcon, QrCodeIcon, UserPlusIcon } from '@heroicons/react/24/outline';
import { useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { Link } from 'react-router';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import { AsistenciaDialogo } from '@/modulos/asistencia/components/AsistenciaDialogo';
import { puedeVerEspera } from '@/modulos/espera/api/get-espera';
import { ListaEspera } from '@/modulos/espera/components/ListaEspera';
import { puedeVerSalon } from '@/modulos/salon/api/get-salon';
import { Salon } from '@/modulos/salon/components/Salon';
import { HorarioHoy } from '@/modulos/sucursales/components/HorarioHoy';
import { useNotificacionesEnVivo } from '@/features/notificaciones/api/stream-notificaciones';
import { PanelCheckin } from './PanelCheckin';
import { ProximasLlegadas } from './ProximasLlegadas';

const CLASE_ACCION =
  'flex min-h-28 flex-col items-start gap-3 rounded-2xl bg-white p-5 text-left shadow-sm ring-1 ring-stone-200 transition-colors hover:bg-primary-50/60 hover:ring-primary-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600';

/** Beside the floor: a row each, as tall as a thumb needs. */
const CLASE_ACCION_COMPACTA =
  'flex min-h-14 items-center gap-3 rounded-xl bg-white px-4 py-2 text-left shadow-sm ring-1 ring-stone-200 transition-colors hover:bg-primary-50/60 hover:ring-primary-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600';

function Accion({
  icono: Icono,
  titulo,
  detalle,
  compacta = false,
}: {
  icono: ComponentType<SVGProps<SVGSVGElement>>;
  titulo: string;
  detalle: ReactNode;
  compacta?: boolean;
}) {
  return (
    <>
      <span className={`flex shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700 ${compacta ? 'size-10' : 'size-12'}`}>
        <Icono aria-hidden className={compacta ? 'size-6' : 'size-7'} />
      </span>
      <span className="min-w-0">
        <span className={`block font-semibold text-stone-900 ${compacta ? 'text-base' : 'text-lg'}`}>{titulo}</span>
        <span className={compacta ? 'sr-only' : 'block text-sm text-stone-500'}>{detalle}</span>
      </span>
    </>
  );
}

/** The host's home for the current branch: the QR check-in, the big actions and the next arrivals. */
export function InicioHostes() {
  useTitulo('Anfitriones');
  const { sucursal, usuario } = useSesion();
  const [asistencia, setAsistencia] = useState(false);
  // The floor follows every table opened, freed or moved in the branch, live.
  useNotificacionesEnVivo(() => undefined);
  // Only what the role may do: an action it cannot finish is not offered.
  const puede = {
    checkin: tienePermiso(usuario, 'reservacion.asistio'),
    walkin: tienePermiso(usuario, 'walkin.index'),
    reserva: tienePermiso(usuario, 'reservacion.create'),
    espera: puedeVerEspera(usuario),
  };

  if (!sucursal) {
    return <p className="text-base text-stone-600">Elige una sucursal en la consola para usar la recepción.</p>;
  }

  const acciones = (compactas: boolean) => (
    <nav
      aria-label="Acciones de recepción"
      className={compactas ? 'grid grid-cols-1 gap-3' : 'grid gap-4 sm:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]'}
    >
      {puede.checkin && (
        <button type="button" onClick={() => setAsistencia(true)} className={compactas ? CLASE_ACCION_COMPACTA : CLASE_ACCION} data-accion="checkin">
          <Accion icono={QrCodeIcon} titulo="Check-in" detalle="Registrar la llegada de una reservación" compacta={compactas} />
        </button>
      )}
      {puede.walkin && (
        <Link to="/hostes/walkin" className={compactas ? CLASE_ACCION_COMPACTA : CLASE_ACCION} data-accion="walkin">
          <Accion icono={UserPlusIcon} titulo="Walk-in" detalle="Registrar clientes sin reservación" compacta={compactas} />
        </Link>
      )}
      {puede.reserva && (
        <Link to="/hostes/reserva" className={compactas ? CLASE_ACCION_COMPACTA : CLASE_ACCION} data-accion="reserva">
          <Accion icono={CalendarDaysIcon} titulo="Nueva reservación" detalle="Apartar una mesa" compacta={compactas} />
        </Link>
      )}
    </nav>
  );
  const dialogo = puede.checkin && <AsistenciaDialogo abierto={asistencia} alCerrar={() => setAsistencia(false)} />;
  // The waitlist, for whoever keeps it: "Sentar" opens the stand's walk-in with the party filled in.
  const espera = puede.espera && <ListaEspera enlaceSentar={(g) => `/hostes/walkin?${new URLSearchParams({ espera: g._id })}`} />;

  // With the floor, it is the main panel and the door's tools stand beside it.
  if (puedeVerSalon(usuario)) {
    return (
      // Two columns from 900 px: the floor with the waitlist under it (its rows want the width), and
      // the door's tools beside them. In one column the waitlist follows the door's tools, before
      // the next arrivals and the floor: each column's box is then `contents`, its parts ordered.
      <div className="mx-auto flex max-w-7xl flex-col gap-5 min-[900px]:grid min-[900px]:grid-cols-[minmax(0,1fr)_18rem] min-[900px]:items-start xl:grid-cols-[minmax(0,1fr)_22rem]">
        <h1 className="sr-only">Recepción</h1>
        <div className="contents min-[900px]:order-2 min-[900px]:flex min-[900px]:flex-col min-[900px]:gap-4">
          <div className="order-1 space-y-4 min-[900px]:order-none">
            <HorarioHoy />
            <PanelCheckin key={sucursal} tag={sucursal} />
            {acciones(true)}
          </div>
          <div className="order-3 min-[900px]:order-none">
            <ProximasLlegadas />
          </div>
        </div>
        <div className="contents min-[900px]:order-1 min-[900px]:flex min-[900px]:min-w-0 min-[900px]:flex-col min-[900px]:gap-5">
          <section aria-label="Salón" className="order-4 min-w-0 space-y-3 min-[900px]:order-none">
            <h2 className="text-xl font-semibold text-stone-900">Salón</h2>
            <Salon enlaceSentar={(mesa) => `/hostes/walkin?${new URLSearchParams({ mesa })}`} />
          </section>
          {espera && <div className="order-2 min-w-0 min-[900px]:order-none">{espera}</div>}
        </div>
        {dialogo}
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-7xl gap-6 min-[900px]:grid-cols-2 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <h1 className="sr-only">Recepción</h1>
      <div className="space-y-6">
        <HorarioHoy />
        <PanelCheckin key={sucursal} tag={sucursal} />
        {acciones(false)}
        {espera}
      </div>
      <ProximasLlegadas />
      {dialogo}
    </div>
  );
}
