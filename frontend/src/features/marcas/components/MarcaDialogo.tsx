import { useState } from 'react';
import { CampoTexto } from '@/components/ui/Campo';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { MensajeCampo, rechazoDeCampo } from '@/components/ui/formulario';
import { useGuardarMarca } from '../api/guardar-marca';
import type { Esquema } from '@/lib/api-client';

/** Creates a brand or renames one. */
export function MarcaDialogo({ marca, alCerrar }: { marca: Pick<Esquema<'Marca'>, '_id' | 'name'> | null; alCerrar: () => void }) {
  const [nombre, setNombre] = useState(marca?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const guardar = useGuardarMarca();
  const sinCambios = nombre.trim() === (marca?.name ?? '');
  const enviar = () =>
    guardar.mutate({ id: marca?._id ?? null, name: nombre.trim() }, { onSuccess: alCerrar, onError: (e) => setError(rechazoDeCampo(e)?.mensaje ?? null) });
  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo={marca ? 'Editar marca' : 'Nueva marca'}
      acciones={<AccionesGuardar alCerrar={alCerrar} alGuardar={enviar} deshabilitado={sinCambios} cargando={guardar.isPending}>{marca ? 'Guardar' : 'Crear marca'}</AccionesGuardar>}
    >
      <form noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!sinCambios) enviar();
        }}
      >
        <CampoTexto etiqueta="Nombre de la marca" value={nombre} autoFocus autoComplete="off" invalid={Boolean(error)} onChange={(e) => { setNombre(e.target.value); setError(null); }} />
        <MensajeCampo nombre="name" mensaje={error} />
      </form>
    </Dialogo>
  );
}
