// What the host reads of a guest beside their reservation: «Nuevo» for a first visit, else the
// visits to this branch, the latest and the no-shows; and «Riesgo de no-show» when the guest
// missed the branch's threshold of reservations in the 90 days before this one.
import { ExclamationTriangleIcon, SparklesIcon } from '@heroicons/react/20/solid';
import { Insignia } from '@/components/ui/Insignia';
import { ultimaVisita } from '@/lib/formato';
import type { Esquema } from '@/lib/api-client';

type Historial = Esquema<'HistorialCliente'>;

/** «Riesgo de no-show (2)»: the red chip, or nothing. */
export function MarcaRiesgo({ cliente, className = '' }: { cliente: Historial | null | undefined; className?: string }) {
  if (!cliente?.riesgo_no_show) return null;
  const n = cliente.no_shows_recientes;
  return (
    <span
      data-marca="riesgo-no-show"
      title={`No llegó a ${n} ${n === 1 ? 'reservación' : 'reservaciones'} en los últimos 90 días`}
      className="inline-flex shrink-0"
    >
      <Insignia tono="peligro" className={className}>
        <ExclamationTriangleIcon aria-hidden className="-ml-0.5 size-3.5 shrink-0" />
        Riesgo de no-show ({n})
      </Insignia>
    </span>
  );
}

/** The history line: «Nuevo», or «3 visitas · última 01, nov 2026 · 1 no-show»; the risk chip after it. */
export function LineaHistorial({ cliente, className = '' }: { cliente: Historial | null | undefined; className?: string }) {
  if (!cliente) return null;
  const partes =
    cliente.visitas === 0
      ? []
      : [
          `${cliente.visitas} ${cliente.visitas === 1 ? 'visita' : 'visitas'}`,
          `última ${ultimaVisita(cliente.ultima_visita)}`,
          cliente.no_shows > 0 ? `${cliente.no_shows} ${cliente.no_shows === 1 ? 'no-show' : 'no-shows'}` : null,
        ].filter((p): p is string => p !== null);
  return (
    <p className={`flex flex-wrap items-center gap-2 text-sm text-stone-600 ${className}`} data-campo="historial">
      {cliente.visitas === 0 ? (
        <Insignia tono="acento">
          <SparklesIcon aria-hidden className="-ml-0.5 size-3.5 shrink-0" />
          Nuevo
        </Insignia>
      ) : (
        <span>{partes.join(' · ')}</span>
      )}
      <MarcaRiesgo cliente={cliente} />
    </p>
  );
}
