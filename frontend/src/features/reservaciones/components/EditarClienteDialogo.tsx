import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { CampoTexto } from '../../../components/ui/Campo';
import { Dialogo } from '../../../components/ui/Dialogo';
import { limitarTelefono, mensajes, validarDatosPersonales } from '../../../lib/wasm';
import { toast } from '../../../stores/toasts';
import type { Reservacion } from '../../../types/api';
import { useEditarCliente } from '../api/editar-cliente';

/**
 * The guest's name, e-mail and phone, checked by core (WASM) before anything is sent: name
 * required, e-mail pattern, phone bounds. A refusal is a toast and the cursor goes to the field.
 */
export function EditarClienteDialogo({ reservacion: r, alCerrar }: { reservacion: Reservacion; alCerrar: () => void }) {
  const [name, setName] = useState(r.name);
  const [email, setEmail] = useState(r.email ?? '');
  const [phone, setPhone] = useState(r.phone ?? '');
  const editar = useEditarCliente(r._id);
  const campos = { name: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null), phone: useRef<HTMLInputElement>(null) };

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const datos = validarDatosPersonales({ name, email, phone });
    if ('error' in datos) {
      toast.error(datos.error.mensaje);
      const campo = datos.error.campo;
      if (campo === 'name' || campo === 'email' || campo === 'phone') campos[campo].current?.focus();
      return;
    }
    editar.mutate(
      { name: datos.ok.name, email: datos.ok.email ?? null, phone: datos.ok.phone ?? null },
      {
        onSuccess: () => {
          toast.exito(mensajes().datosGuardados);
          alCerrar();
        },
      },
    );
  }

  return (
    <Dialogo
      abierto
      alCerrar={() => !editar.isPending && alCerrar()}
      titulo="Editar cliente"
      acciones={
        <>
          <Button variante="secundario" onClick={alCerrar} disabled={editar.isPending} className="min-h-11">
            Descartar
          </Button>
          <Button type="submit" form="form-editar-cliente" cargando={editar.isPending} className="min-h-11">
            Guardar cambios
          </Button>
        </>
      }
    >
      <form id="form-editar-cliente" onSubmit={enviar} noValidate className="space-y-4">
        <CampoTexto etiqueta="Nombre" name="name" autoComplete="off" ref={campos.name} value={name} onChange={(e) => setName(e.target.value)} />
        <CampoTexto
          etiqueta="Correo electrónico"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          ref={campos.email}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <CampoTexto
          etiqueta="Teléfono"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          ref={campos.phone}
          value={phone}
          onChange={(e) => setPhone(limitarTelefono(e.target.value))}
          placeholder="52 55 1234 5678"
        />
      </form>
    </Dialogo>
  );
}
