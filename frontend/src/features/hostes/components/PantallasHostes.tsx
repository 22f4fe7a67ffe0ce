import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EnConstruccion } from '../../../components/ui/EnConstruccion';
import { useSesion } from '../../../lib/use-session';
import { useTitulo } from '../../../lib/use-titulo';
import { FlujoAsistencia } from '../../asistencia/components/FlujoAsistencia';
import { AsistenteWalkin } from '../../walkin/components/AsistenteWalkin';

function Volver() {
  return (
    <Link
      to="/hostes"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-stone-700 hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
    >
      <ArrowLeftIcon aria-hidden className="size-5" />
      Inicio
    </Link>
  );
}

function Marco({ titulo, children }: { titulo: string; children: ReactNode }) {
  useTitulo(titulo);
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="flex items-center gap-3">
        <Volver />
        <h1 className="text-2xl font-semibold text-stone-900">{titulo}</h1>
      </div>
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">{children}</div>
    </div>
  );
}

/** /hostes/checkin/:id: the attendance flow started with that reservation looked up. */
export function CheckinHostes() {
  const { id = '' } = useParams();
  const navegar = useNavigate();
  return (
    <Marco titulo="Check-in">
      <FlujoAsistencia key={id} codigoInicial={id} alTerminar={() => void navegar('/hostes')} />
    </Marco>
  );
}

/** /hostes/walkin: the walk-in wizard for the current branch. */
export function WalkinHostes() {
  const { sucursal } = useSesion();
  return <Marco titulo="Registro de walk-in">{sucursal ? <AsistenteWalkin key={sucursal} tag={sucursal} /> : null}</Marco>;
}

/** /hostes/reserva: the booking widget comes with the public booking page. */
export function ReservaHostes() {
  useTitulo('Nueva reservación');
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Volver />
      <EnConstruccion titulo="Nueva reservación" detalle="Aquí estará el widget de reservaciones de la sucursal, en una próxima versión." />
    </div>
  );
}
