import { ClockIcon } from '@heroicons/react/20/solid';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { horaCorta } from '@/lib/formato';
import { useHorarioHoy } from '../api/get-horario-hoy';

/**
 * The host stand's line about today's hours: "Hoy de 01:00 p.m. a 10:30 p.m.", whether the
 * branch is open now, and whether a special day sets the hours. Says so when they cannot be read;
 * says nothing false while loading.
 */
export function HorarioHoy() {
  const { data, isPending, isError } = useHorarioHoy();
  if (isPending) return <Esqueleto className="h-11 w-full rounded-xl" />;
  if (isError) {
    return (
      <p className="rounded-xl bg-white px-4 py-3 text-sm text-stone-500 ring-1 ring-stone-200" data-testid="horario-hoy">
        No se pudo leer el horario de hoy.
      </p>
    );
  }
  const horas = data.abre && data.cierra ? `Hoy de ${horaCorta(data.abre)} a ${horaCorta(data.cierra)}` : 'Hoy cerrada todo el día';
  return (
    <p
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-white px-4 py-3 text-base text-stone-700 ring-1 ring-stone-200"
      data-testid="horario-hoy"
    >
      <span className="flex items-center gap-2">
        <ClockIcon aria-hidden className="size-5 shrink-0 text-stone-400" />
        {horas}
      </span>
      <span
        className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${data.abierta ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' : 'bg-stone-100 text-stone-700 ring-1 ring-stone-200'}`}
      >
        {data.abierta ? 'Abierta ahora' : 'Cerrada ahora'}
      </span>
      {data.especial && <span className="text-sm text-amber-800">Día especial</span>}
    </p>
  );
}
