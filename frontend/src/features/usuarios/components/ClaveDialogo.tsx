import { useState } from 'react';
import { CampoTexto } from '@/components/ui/Campo';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { MensajeCampo, rechazoDeCampo } from '@/components/ui/formulario';
import { validarClaveNueva } from '@/lib/wasm';
import { useEscribirUsuario } from '../api/escribir-usuario';
import type { Esquema } from '@/lib/api-client';

/** Sets a new password for a user (core's length rules checked before sending). */
export function ClaveDialogo({ usuario, alCerrar }: { usuario: Esquema<'UsuarioAdmin'>; alCerrar: () => void }) {
  const [clave, setClave] = useState('');
  const [error, setError] = useState<string | null>(null);
  const escribir = useEscribirUsuario();
  const guardar = () => {
    const r = validarClaveNueva(clave);
    if ('error' in r) return setError(r.error.mensaje);
    escribir.mutate(
      { tipo: 'clave', id: usuario._id, password: clave },
      { onSuccess: alCerrar, onError: (e) => setError(rechazoDeCampo(e)?.mensaje ?? null) },
    );
  };
  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo="Cambiar contraseña"
      descripcion={`${usuario.name} · ${usuario.email}`}
      acciones={<AccionesGuardar alCerrar={alCerrar} alGuardar={guardar} deshabilitado={clave === ''} cargando={escribir.isPending} />}
    >
      <form noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (clave !== '') guardar();
        }}
      >
        <CampoTexto etiqueta="Nueva contraseña" type="password" autoComplete="new-password" value={clave} invalid={Boolean(error)} onChange={(e) => { setClave(e.target.value); setError(null); }} autoFocus />
        <MensajeCampo nombre="password" mensaje={error} />
      </form>
    </Dialogo>
  );
}
