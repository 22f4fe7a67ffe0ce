import { ArrowLeftIcon, CheckIcon } from '@heroicons/react/20/solid';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { ApiError, type Esquema } from '@/lib/api-client';
import { fechaLarga, horaCorta, textoPersonas } from '@/lib/formato';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import { exigirEditable, mensajes } from '@/lib/wasm';
import { toast } from '@/stores/toasts';
import { FlujoAsistencia } from '@/modulos/asistencia/components/FlujoAsistencia';
import { useEditarReservacion } from '@/features/reservaciones/api/editar-reservacion';
import { useReservacion } from '@/features/reservaciones/api/get-reservacion';
import { FormularioEdicionReservacion } from '@/features/reservaciones/components/FormularioEdicionReservacion';
import { WidgetReserva } from '@/features/reservaciones/components/WidgetReserva';
import { RegistroWalkin } from '@/features/walkin/components/RegistroWalkin';

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

/** A host stand screen: back to the home, its title, and its content on a card (unless it has its own). */
function Marco({ titulo, children, tarjeta = true }: { titulo: string; children: ReactNode; tarjeta?: boolean }) {
  useTitulo(titulo);
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <div className="flex items-center gap-3">
        <Volver />
        <h1 className="text-2xl font-semibold text-stone-900">{titulo}</h1>
      </div>
      {tarjeta ? <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">{children}</div> : children}
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
  const [parametros] = useSearchParams();
  // "Sentar aquí" on the floor opens the wizard with its table chosen; "Sentar" on the waitlist,
  // with the waiting party (`?espera=`) filled in.
  const mesaElegida = parametros.get('mesa') ?? '';
  const espera = parametros.get('espera');
  // The wizard is a card of its own.
  return (
    <Marco titulo="Registro de walk-in" tarjeta={false}>
      {sucursal ? <RegistroWalkin key={sucursal} tag={sucursal} mesa={mesaElegida} espera={espera} /> : null}
    </Marco>
  );
}

/** /hostes/reserva: the branch's booking widget, as the Nueva dialog of the console frames it. */
export function ReservaHostes() {
  const { sucursal } = useSesion();
  return <Marco titulo="Nueva reservación">{sucursal ? <WidgetReserva key={sucursal} tag={sucursal} amplio /> : null}</Marco>;
}

/**
 * /hostes/reserva/:id: the reservation's edit form (the one of the reservation detail) at the host
 * stand, with touch-sized fields; saved, it goes back to the stand's home.
 */
export function EditarReservaHostes() {
  const { id = '' } = useParams();
  const consulta = useReservacion(id);
  return (
    <Marco titulo="Editar reservación">
      {consulta.isPending ? (
        <div className="space-y-5" aria-busy>
          <Esqueleto className="h-7 w-64" />
          <div className="grid gap-5 sm:grid-cols-2">
            <Esqueleto className="h-16 w-full" />
            <Esqueleto className="h-16 w-full" />
            <Esqueleto className="h-16 w-full" />
            <Esqueleto className="h-16 w-full" />
          </div>
        </div>
      ) : consulta.isError ? (
        <div className="flex flex-col items-center gap-3 px-6 py-12 text-center" role="alert">
          <ExclamationTriangleIcon aria-hidden className="size-9 text-amber-500" />
          <h2 className="text-lg font-semibold text-stone-900">No se pudo abrir la reservación</h2>
          <p className="max-w-sm text-base text-stone-600">{consulta.error.message}</p>
          {!(consulta.error instanceof ApiError && (consulta.error.status === 403 || consulta.error.status === 404)) && (
            <Button variante="secundario" onClick={() => void consulta.refetch()} cargando={consulta.isFetching} className="min-h-12">
              Reintentar
            </Button>
          )}
        </div>
      ) : (
        <EdicionHostes key={consulta.data._id} reservacion={consulta.data} />
      )}
    </Marco>
  );
}

function EdicionHostes({ reservacion: r }: { reservacion: Esquema<'Reservacion'> }) {
  const navegar = useNavigate();
  const editar = useEditarReservacion(r._id);
  const editable = exigirEditable(r.status);
  return (
    <div className="space-y-6" data-testid="editar-reserva" data-reservacion={r._id}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-stone-100 pb-4">
        <h2 className="text-xl font-bold break-words text-stone-900">{r.name}</h2>
        <p className="text-base text-stone-600">
          <span>{fechaLarga(r.fecha_hora)}</span> · {horaCorta(r.fecha_hora)} · {textoPersonas(r.no_personas)}
        </p>
      </div>
      {'error' in editable ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-base text-amber-900 ring-1 ring-amber-200" role="status">
          {editable.error.mensaje}.
        </p>
      ) : (
        <>
          <FormularioEdicionReservacion
            reservacion={r}
            id="form-editar-reserva-hostes"
            grande
            alEnviar={(edicion) =>
              editar.mutate(edicion, {
                onSuccess: () => {
                  toast.exito(mensajes().datosGuardados);
                  // Back to the stand with the reservation's card showing again, ready to seat.
                  void navegar(`/hostes?reserva=${encodeURIComponent(r._id)}`);
                },
              })
            }
          />
          <div className="flex flex-col-reverse gap-3 border-t border-stone-100 pt-5 sm:flex-row sm:justify-end">
            <Link
              to="/hostes"
              className="inline-flex min-h-12 items-center justify-center rounded-lg bg-white px-5 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 ring-inset hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 sm:min-w-40"
            >
              Descartar
            </Link>
            <Button type="submit" form="form-editar-reserva-hostes" cargando={editar.isPending} className="min-h-12 sm:min-w-48">
              {!editar.isPending && <CheckIcon aria-hidden className="size-5" />}
              Guardar cambios
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
