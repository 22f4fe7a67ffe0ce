import { Button } from '@/components/ui/Button';
import { Dialogo } from '@/components/ui/Dialogo';
import { mensajes } from '@/lib/wasm';
import { toast } from '@/stores/toasts';
import { useEditarReservacion } from '../api/editar-reservacion';
import { FormularioEdicionReservacion } from './FormularioEdicionReservacion';
import type { Esquema } from '@/lib/api-client';

/** The reservation's edit form (FormularioEdicionReservacion) in a dialog of the detail. */
export function EditarReservacionDialogo({ reservacion: r, alCerrar }: { reservacion: Esquema<'Reservacion'>; alCerrar: () => void }) {
  const editar = useEditarReservacion(r._id);

  return (
    <Dialogo
      abierto
      alCerrar={() => !editar.isPending && alCerrar()}
      titulo="Editar reservación"
      descripcion={r.name}
      ancho="sm:max-w-lg"
      acciones={
        <>
          <Button variante="secundario" onClick={alCerrar} disabled={editar.isPending} className="min-h-11">
            Descartar
          </Button>
          <Button type="submit" form="form-editar-reservacion" cargando={editar.isPending} className="min-h-11">
            Guardar cambios
          </Button>
        </>
      }
    >
      <FormularioEdicionReservacion
        reservacion={r}
        id="form-editar-reservacion"
        alEnviar={(edicion) =>
          editar.mutate(edicion, {
            onSuccess: () => {
              toast.exito(mensajes().datosGuardados);
              alCerrar();
            },
          })
        }
      />
    </Dialogo>
  );
}
