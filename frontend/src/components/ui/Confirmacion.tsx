import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialogo } from './Dialogo';

/** Asks before a step that cannot be undone; the confirming button is red and busy while it runs. */
export function Confirmacion({
  abierto,
  alCerrar,
  alConfirmar,
  titulo,
  descripcion,
  confirmar,
  cargando = false,
}: {
  abierto: boolean;
  alCerrar: () => void;
  alConfirmar: () => void;
  titulo: string;
  descripcion: ReactNode;
  /** The confirming button's label (the action's verb). */
  confirmar: string;
  cargando?: boolean;
}) {
  return (
    <Dialogo
      abierto={abierto}
      alCerrar={alCerrar}
      titulo={titulo}
      descripcion={descripcion}
      acciones={
        <>
          <Button variante="secundario" onClick={alCerrar} disabled={cargando}>
            Cancelar
          </Button>
          <Button variante="peligro" onClick={alConfirmar} cargando={cargando}>
            {confirmar}
          </Button>
        </>
      }
    />
  );
}
