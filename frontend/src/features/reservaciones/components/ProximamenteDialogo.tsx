import { WrenchScrewdriverIcon } from '@heroicons/react/24/outline';
import { Button } from '../../../components/ui/Button';
import { Dialogo } from '../../../components/ui/Dialogo';

/** Stands in for a dialog whose flow a later version brings (attendance, new reservation). */
export function ProximamenteDialogo({ abierto, alCerrar, titulo }: { abierto: boolean; alCerrar: () => void; titulo: string }) {
  return (
    <Dialogo
      abierto={abierto}
      alCerrar={alCerrar}
      titulo={titulo}
      acciones={
        <Button variante="secundario" onClick={alCerrar} className="min-h-11">
          Cerrar
        </Button>
      }
    >
      <div className="flex items-start gap-3 rounded-xl bg-stone-50 p-4">
        <WrenchScrewdriverIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-700" />
        <p className="text-sm text-stone-700">Esta función estará disponible en una próxima versión de la consola.</p>
      </div>
    </Dialogo>
  );
}
