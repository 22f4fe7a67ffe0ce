import { ClockIcon } from '@heroicons/react/20/solid';
import { Insignia } from '@/components/ui/Insignia';
import { textoRetraso } from '../retraso';

/** «Retrasada N min»: a Pendiente party past its time (nothing when it is not late). */
export function MarcaRetraso({ minutos, className = '' }: { minutos: number | null; className?: string }) {
  if (minutos === null) return null;
  return (
    <span data-marca="retraso" data-minutos={minutos} className="inline-flex shrink-0">
      <Insignia tono="peligro" className={`whitespace-nowrap ${className}`}>
        <ClockIcon aria-hidden className="-ml-0.5 size-3.5 shrink-0" />
        {textoRetraso(minutos)}
      </Insignia>
    </span>
  );
}
