import { Dialogo } from '../../../components/ui/Dialogo';
import { FlujoAsistencia } from './FlujoAsistencia';

/**
 * Spec §2 "Registrar asistencia": the attendance flow in a dialog with its close button. Closing
 * drops whatever was under way (the flow is unmounted), so the next opening starts at the search.
 */
export function AsistenciaDialogo({ abierto, alCerrar }: { abierto: boolean; alCerrar: () => void }) {
  return (
    <Dialogo abierto={abierto} alCerrar={alCerrar} titulo="Registrar asistencia" ancho="sm:max-w-3xl">
      <FlujoAsistencia alTerminar={alCerrar} />
    </Dialogo>
  );
}
