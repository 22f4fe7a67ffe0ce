import { Button } from '@/components/ui/Button';
import { Dialogo } from '@/components/ui/Dialogo';
import { fechaLarga, horaCorta, textoPersonas } from '@/lib/formato';
import { toast } from '@/stores/toasts';
import { useCancelarReservacion } from '../api/cancelar-reservacion';
import type { Esquema } from '@/lib/api-client';

/** Asks before cancelling: a cancelled reservation cannot come back. */
export function CancelarReservacionDialogo({
  reservacion: r,
  abierto,
  alCerrar,
}: {
  reservacion: Esquema<'Reservacion'>;
  abierto: boolean;
  alCerrar: () => void;
}) {
  const cancelar = useCancelarReservacion();
  function confirmar() {
    cancelar.mutate(r._id, {
      onSuccess: ({ message }) => {
        if (message) toast.exito(message);
        alCerrar();
      },
      // A refusal (409: no longer Pendiente) is already a toast; the dialog closes on what changed.
      onError: alCerrar,
    });
  }
  return (
    <Dialogo
      abierto={abierto}
      alCerrar={() => !cancelar.isPending && alCerrar()}
      titulo="Cancelar reservación"
      descripcion="La reservación pasará a Canceladas y no se podrá recuperar."
      acciones={
        <>
          <Button variante="secundario" onClick={alCerrar} disabled={cancelar.isPending} className="min-h-11">
            Volver
          </Button>
          <Button variante="peligro" onClick={confirmar} cargando={cancelar.isPending} className="min-h-11">
            Cancelar reservación
          </Button>
        </>
      }
    >
      <div className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
        <p className="font-semibold text-stone-900">{r.name}</p>
        <p>
          {fechaLarga(r.fecha_hora)} · {horaCorta(r.fecha_hora)}
        </p>
        <p>{textoPersonas(r.no_personas)}</p>
      </div>
    </Dialogo>
  );
}
