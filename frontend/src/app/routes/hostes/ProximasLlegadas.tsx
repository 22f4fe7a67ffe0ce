import { ClockIcon, UsersIcon } from '@heroicons/react/20/solid';
import { Link } from 'react-router';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { horaCorta, textoPersonas } from '@/lib/formato';
import { useReservaciones } from '@/features/reservaciones/api/get-reservaciones';

/** How many of the day's next arrivals the host home lists. */
export const LLEGADAS_VISIBLES = 8;

/** The current branch's next arrivals of the day: Pendiente, by time, with the party size. */
export function ProximasLlegadas() {
  const { data, isPending, isError } = useReservaciones('hoy', '');
  const llegadas = (data?.pages.flatMap((p) => p.items) ?? [])
    .filter((r) => r.status === 'Pendiente')
    .sort((a, b) => a.fecha_hora.localeCompare(b.fecha_hora));

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
                <span className="col-span-2 row-start-2 min-w-0 truncate text-base text-stone-800 @md:flex-1">{r.name}</span>
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
