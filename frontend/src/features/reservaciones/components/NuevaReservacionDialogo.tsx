import { Button } from '@/components/ui/Button';
import { Dialogo } from '@/components/ui/Dialogo';
import { WidgetReserva } from './WidgetReserva';

/** The reservation dialog: Nueva opens the branch's booking widget. */
export function NuevaReservacionDialogo({ abierto, alCerrar, tag }: { abierto: boolean; alCerrar: () => void; tag: string }) {
  return (
    <Dialogo
      abierto={abierto}
      alCerrar={alCerrar}
      titulo="Nueva reservación"
      ancho="sm:max-w-[calc(700px+3rem)]"
      acciones={
        <Button variante="secundario" onClick={alCerrar} className="min-h-11">
          Cerrar
        </Button>
      }
    >
      <WidgetReserva tag={tag} alCerrar={alCerrar} />
    </Dialogo>
  );
}
