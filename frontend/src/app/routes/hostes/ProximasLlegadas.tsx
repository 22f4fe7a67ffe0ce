import { ClockIcon, UsersIcon } from '@heroicons/react/20/solid';
import { Link } from 'react-router';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { horaCorta, textoPersonas } from '@/lib/formato';
import { useSesion } from '@/lib/use-session';
import { useReservaciones } from '@/features/reservaciones/api/get-reservaciones';
import { confirmo, ordenLlegadas } from '@/modulos/reservaciones/confirmacion';
import { MarcaConfirmo } from '@/modulos/reservaciones/components/MarcaConfirmo';
import { MarcaRetraso } from '@/modulos/reservaciones/components/MarcaRetraso';
import { retrasoDe } from '@/modulos/reservaciones/retraso';
import { useAhoraSucursal } from '@/modulos/reservaciones/use-ahora-sucursal';
import { useHorarioSucursal } from '@/modulos/sucursales/api/get-sucursales-usuario';

/** How many of the day's next arrivals the host home lists. */
export const LLEGADAS_VISIBLES = 8;

/**
 * The current branch's next arrivals of the day: Pendiente, by time, with the party size; at one
 * time the guests who confirmed come first, marked «Confirmó»; a party past its time is marked
 * «Retrasada N min».
 */
export function ProximasLlegadas() {
  const { data, isPending, isError } = useReservaciones('hoy', '');
  const horario = useHorarioSucursal(useSesion().sucursal) ?? null;
  const ahoraLocal = useAhoraSucursal(horario);
  const llegadas = ordenLlegadas((data?.pages.flatMap((p) => p.items) ?? []).filter((r) => r.status === 'Pendiente'));

  return (
    <section aria-labelledby="titulo-llegadas" className="@container flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6" data-testid="proximas-llegadas">
      <h2 id="titulo-llegadas" className="flex items-baseline justify-between gap-2 text-lg font-semibold text-stone-900">
        Próximas llegadas
        {llegadas.length > 0 && <span className="text-sm font-medium text-stone-500">{llegadas.length} pendientes hoy</span>}
      </h2>
      {isPending ? (
        <div className="mt-4 space-y-3">
          <Esqueleto className="h-12 w-full" />
          <Esqueleto className="h-12 w-full" />
          <Esqueleto className="h-12 w-full" />
        </div>
      ) : isError ? (
        <p className="mt-4 text-sm text-stone-500">No se pudieron cargar las reservaciones de hoy.</p>
      ) : llegadas.length === 0 ? (
        <p className="mt-4 text-sm text-stone-500">No hay llegadas pendientes hoy.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100">
          {llegadas.slice(0, LLEGADAS_VISIBLES).map((r) => (
            <li key={r._id}>
              <Link
                to={`/hostes/checkin/${encodeURIComponent(r._id)}`}
                data-reservacion={r._id}
                className="-mx-2 grid min-h-14 grid-cols-[1fr_auto] items-center gap-x-3 gap-y-0.5 rounded-lg px-2 py-2 hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 @md:flex @md:gap-4"
              >
                <span className="flex w-28 shrink-0 items-center gap-1.5 text-base font-semibold whitespace-nowrap text-stone-900 tabular-nums">
                  <ClockIcon aria-hidden className="size-4 text-stone-400" />
                  {horaCorta(r.fecha_hora)}
                </span>
                {/* Beside the floor the panel is narrow: the name goes under the time. */}
                <span className="col-span-2 row-start-2 flex min-w-0 items-center gap-2 @md:flex-1">
                  <span className="min-w-0 truncate text-base text-stone-800">{r.name}</span>
                  <MarcaRetraso minutos={retrasoDe(r, ahoraLocal)} />
                  {confirmo(r) && <MarcaConfirmo confirmada={r.confirmada} horario={horario} />}
                </span>
                <span className="flex shrink-0 items-center gap-1.5 text-sm text-stone-600">
                  <UsersIcon aria-hidden className="size-4 text-stone-400" />
                  {textoPersonas(r.no_personas)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
