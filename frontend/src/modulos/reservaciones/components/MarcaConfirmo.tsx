import { CheckIcon } from '@heroicons/react/20/solid';
import { Insignia } from '@/components/ui/Insignia';
import type { ConfigHorario } from '@/lib/wasm';
import { momentoConfirmacion, textoConfirmacion } from '../confirmacion';

/**
 * «Confirmó»: the guest said they are coming (a reminder's link or their own page). The time it
 * happened, at the branch, is its tooltip, and with `conHora` its secondary text too.
 */
export function MarcaConfirmo({
  confirmada,
  horario = null,
  conHora = false,
  className = '',
}: {
  confirmada: string;
  horario?: ConfigHorario | null;
  conHora?: boolean;
  className?: string;
}) {
  const momento = momentoConfirmacion(confirmada, horario);
  const texto = textoConfirmacion(confirmada, horario);
  return (
    <span data-marca="confirmo" title={texto} className="inline-flex shrink-0">
      <Insignia tono="exito" className={className}>
        <CheckIcon aria-hidden className="-ml-0.5 size-3.5 shrink-0" />
        Confirmó
        {momento && (
          // Beside the name in a list there is room for the word alone: the time is the tooltip's.
          <span className={conHora ? 'font-medium text-emerald-700 tabular-nums' : 'sr-only'} data-campo="hora-confirmo">
            {conHora ? momento.hora : ` a las ${momento.hora}`}
          </span>
        )}
      </Insignia>
    </span>
  );
}
