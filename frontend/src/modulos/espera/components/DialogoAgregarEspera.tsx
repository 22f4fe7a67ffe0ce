// "Agregar a la lista": a party written down — name, phone (to call it when its table is ready),
// party size and notes. Name and phone are checked by core's rules of the walk-in's first step
// before sending; the server checks it all again, and a refusal shows under its box.
import { useRef, useState, type FormEvent } from 'react';
import { CampoTexto } from '@/components/ui/Campo';
import { CampoNumero } from '@/components/ui/CampoNumero';
import { CampoTelefono } from '@/components/ui/CampoTelefono';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { MensajeCampo, rechazoDeCampo } from '@/components/ui/formulario';
import { PAIS_POR_DEFECTO, paisPorIso } from '@/lib/paises';
import { useSesion } from '@/lib/use-session';
import { limitarTelefono, validarDatosPersonales } from '@/lib/wasm';
import { toast } from '@/stores/toasts';
import { useAnotarEspera } from '../api/escribir-espera';

const CAMPOS = ['name', 'phone', 'personas', 'notas'] as const;
type Campo = (typeof CAMPOS)[number];

/** The digits typed after the calling code, from the phone as kept (code included). */
function digitosLocales(phone: string, codigo: string): string {
  return phone.startsWith(codigo) ? phone.slice(codigo.length) : phone;
}

/** The phone as kept: calling code and digits within core's limit; empty when only the code. */
function telefonoCompleto(codigo: string, local: string): string {
  const todos = limitarTelefono(codigo + local);
  return todos.length > codigo.length ? todos : '';
}

/** Most parties at the door are couples: the box starts at two. */
const PERSONAS_INICIAL = 2;

export function DialogoAgregarEspera({ alCerrar }: { alCerrar: () => void }) {
  const { sucursal } = useSesion();
  const [name, setName] = useState('');
  const [pais, setPais] = useState(PAIS_POR_DEFECTO);
  const [phone, setPhone] = useState('');
  const [personas, setPersonas] = useState<number | null>(PERSONAS_INICIAL);
  const [notas, setNotas] = useState('');
  const [errores, setErrores] = useState<Partial<Record<Campo, string>>>({});
  // The dialog opens on Nombre, on the stand's touch tablet too: the host types the name at once.
  const nombre = useRef<HTMLInputElement>(null);
  const anotar = useAnotarEspera();
  const codigo = paisPorIso(pais).codigo;
  const vacio = name.trim() === '';
  const tocado = !vacio || phone !== '' || notas.trim() !== '' || personas !== PERSONAS_INICIAL;

  const limpiar = (campo: Campo) => setErrores((e) => ({ ...e, [campo]: undefined }));

  function agregar(e?: FormEvent) {
    e?.preventDefault();
    if (vacio || !sucursal || anotar.isPending) return;
    // Core's rules of a walk-in's name and phone, the same the server applies to this party.
    const revision = validarDatosPersonales({ name, phone: phone || null, email: null, evento: null });
    if ('error' in revision) {
      const campo = revision.error.campo === 'phone' ? 'phone' : 'name';
      setErrores({ [campo]: revision.error.mensaje });
      return;
    }
    anotar.mutate(
      { tag: sucursal, name: name.trim(), phone: phone || null, personas: personas ?? 0, notas: notas.trim() },
      {
        onSuccess: ({ data, message }) => {
          const cotizada = data.cotizada_min == null ? '' : data.cotizada_min === 0 ? ': sin espera' : `: espera de ${data.cotizada_min} min`;
          toast.exito(`${message}${cotizada}`);
          alCerrar();
        },
        onError: (error) => {
          const r = rechazoDeCampo(error);
          // Core names the party `no_personas` (the walk-in's box); here it is `personas`.
          const campo = r && (r.campo === 'no_personas' ? 'personas' : r.campo);
          if (r && (CAMPOS as readonly string[]).includes(campo ?? '')) setErrores({ [campo as Campo]: r.mensaje });
          else toast.error(error.message);
        },
      },
    );
  }

  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo="Agregar a la lista de espera"
      descripcion="Al avisarle, le llega «Su mesa está lista» al teléfono."
      ancho="sm:max-w-lg"
      sinGuardar={tocado && !anotar.isPending}
      enfocar={nombre}
      acciones={
        <AccionesGuardar alCerrar={alCerrar} alGuardar={agregar} deshabilitado={vacio} cargando={anotar.isPending}>
          Agregar
        </AccionesGuardar>
      }
    >
      <form noValidate onSubmit={agregar} className="space-y-4" aria-label="Grupo en espera" data-testid="form-espera">
        <div data-campo="name">
          <CampoTexto
            ref={nombre}
            etiqueta="Nombre"
            name="name"
            autoComplete="off"
            data-autofocus
            value={name}
            invalid={Boolean(errores.name)}
            onChange={(e) => {
              setName(e.target.value);
              limpiar('name');
            }}
          />
          <MensajeCampo nombre="name" mensaje={errores.name} />
        </div>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
          <div data-campo="phone">
            <CampoTelefono
              etiqueta="Teléfono (opcional)"
              pais={pais}
              alCambiarPais={(iso) => {
                const nuevo = paisPorIso(iso).codigo;
                setPais(iso);
                setPhone(telefonoCompleto(nuevo, digitosLocales(phone, codigo)));
                limpiar('phone');
              }}
              local={digitosLocales(phone, codigo)}
              alCambiarLocal={(local) => {
                setPhone(telefonoCompleto(codigo, local));
                limpiar('phone');
              }}
            />
            <MensajeCampo nombre="phone" mensaje={errores.phone} />
          </div>
          <CampoNumero
            etiqueta="Personas"
            nombre="personas"
            valor={personas}
            alCambiar={(v) => {
              setPersonas(v);
              limpiar('personas');
            }}
            mensaje={errores.personas}
          />
        </div>
        <div>
          <CampoTexto
            etiqueta="Notas (opcional)"
            name="notas"
            autoComplete="off"
            placeholder="Silla alta, terraza, cumpleaños…"
            value={notas}
            invalid={Boolean(errores.notas)}
            onChange={(e) => {
              setNotas(e.target.value);
              limpiar('notas');
            }}
          />
          <MensajeCampo nombre="notas" mensaje={errores.notas} />
        </div>
        <button type="submit" hidden />
      </form>
    </Dialogo>
  );
}
