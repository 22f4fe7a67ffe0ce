import { useState } from 'react';
import { Dialogo } from '@/components/ui/Dialogo';
import { FlujoAsistencia } from './FlujoAsistencia';

/**
 * "Registrar asistencia": the attendance flow in a dialog with its close button. Closing
 * drops whatever was under way (the flow is unmounted), so the next opening starts at the search;
 * once the order is being filled, a stray click outside or Escape asks first.
 */
export function AsistenciaDialogo({
  abierto,
  alCerrar,
  mesa,
  reservacion,
}: {
  abierto: boolean;
  alCerrar: () => void;
  mesa?: string;
  /** The reservation the table is held for: the flow opens on its check-in. */
  reservacion?: string;
}) {
  const [enCurso, setEnCurso] = useState(false);
  const cerrar = () => {
    setEnCurso(false);
    alCerrar();
  };
  return (
    <Dialogo abierto={abierto} alCerrar={cerrar} titulo="Registrar asistencia" ancho="sm:max-w-3xl" sinGuardar={enCurso}>
      <FlujoAsistencia alTerminar={cerrar} alCambiarEnCurso={setEnCurso} mesaInicial={mesa} codigoInicial={reservacion} />
    </Dialogo>
  );
}
