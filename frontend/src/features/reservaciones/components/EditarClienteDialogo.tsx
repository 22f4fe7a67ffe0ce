import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { CampoTexto } from '@/components/ui/Campo';
import { CampoTelefono } from '@/components/ui/CampoTelefono';
import { Dialogo } from '@/components/ui/Dialogo';
import { paisDeTelefono, paisPorIso } from '@/lib/paises';
import { limitarTelefono, mensajes, telefonoEditado, validarDatosPersonales } from '@/lib/wasm';
import { toast } from '@/stores/toasts';
import { useEditarCliente } from '../api/editar-cliente';
import type { Esquema } from '@/lib/api-client';

/**
 * The guest's name, e-mail and phone, checked by core (WASM) before anything is sent: name
 * required, e-mail pattern, phone bounds. The phone is the same field as everywhere: the country
 * (read from the stored number) sets the code, the box takes the rest. A refusal is a toast and
 * the cursor goes to the field. A phone is removed only by emptying its box: a few digits typed
 * are an incomplete number, refused, never a phone silently deleted.
 */
export function EditarClienteDialogo({ reservacion: r, alCerrar }: { reservacion: Esquema<'Reservacion'>; alCerrar: () => void }) {
  const [name, setName] = useState(r.name);
  const [email, setEmail] = useState(r.email ?? '');
  const [pais, setPais] = useState(() => paisDeTelefono(r.phone).iso);
  const codigo = paisPorIso(pais).codigo;
  const [local, setLocal] = useState(() => {
    const inicial = paisDeTelefono(r.phone);
    return (r.phone ?? '').startsWith(inicial.codigo) ? (r.phone ?? '').slice(inicial.codigo.length) : (r.phone ?? '');
  });
  const editar = useEditarCliente(r._id);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLDivElement>(null);
  const campos = { name: nameRef, email: emailRef, phone: phoneRef };

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // Here the number may exist already, so anything typed must be a whole number (core's rule).
    const telefono = telefonoEditado(codigo, local);
    const datos = validarDatosPersonales({ name, email, phone: 'ok' in telefono ? (telefono.ok ?? '') : '' });
    if ('error' in telefono && 'ok' in datos) {
      toast.error(telefono.error.mensaje);
      campos.phone.current?.querySelector('input')?.focus();
      return;
    }
    if ('error' in datos) {
      toast.error(datos.error.mensaje);
      const campo = datos.error.campo;
      if (campo === 'name' || campo === 'email') campos[campo].current?.focus();
      if (campo === 'phone') campos.phone.current?.querySelector('input')?.focus();
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
        <CampoTexto etiqueta="Nombre" name="name" autoComplete="off" ref={nameRef} value={name} onChange={(e) => setName(e.target.value)} />
        <CampoTexto
          etiqueta="Correo electrónico"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          ref={emailRef}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div ref={phoneRef}>
          <CampoTelefono
            etiqueta="Teléfono"
            pais={pais}
            alCambiarPais={setPais}
            local={local}
            alCambiarLocal={(texto) => setLocal(limitarTelefono(codigo + texto.replace(/\D/g, '')).slice(codigo.length))}
          />
        </div>
      </form>
    </Dialogo>
  );
}
