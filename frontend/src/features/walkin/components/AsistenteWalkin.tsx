import { ArrowPathIcon, ArrowTopRightOnSquareIcon, QueueListIcon } from '@heroicons/react/20/solid';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AccionesPaso } from '@/components/ui/AccionesPaso';
import { Button } from '@/components/ui/Button';
import { CampoSelect, CampoTexto } from '@/components/ui/Campo';
import { CampoTelefono } from '@/components/ui/CampoTelefono';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { Pasos } from '@/components/ui/Pasos';
import { ApiError, type Esquema } from '@/lib/api-client';
import { textoPersonas } from '@/lib/formato';
import { PAIS_POR_DEFECTO, paisDeTelefono, paisPorIso } from '@/lib/paises';
import {
  conteosConPersonas,
  limitarTelefono,
  mensajes,
  validarDatosPersonales,
  type ConfigHorario,
  type DatosPersonales,
  type PromoAplicada,
} from '@/lib/wasm';
import { enterEnSelectEnvia } from '@/lib/teclado';
import { toast } from '@/stores/toasts';
import { FormularioAbre } from '@/modulos/orden/components/FormularioAbre';
import { enfocarCampo, FormularioComanda } from '@/modulos/orden/components/FormularioComanda';
import { TicketsOrden } from '@/modulos/orden/components/Tickets';
import { avisarErrorAlGuardar, campoRechazado, pasoDelRechazo } from '@/modulos/orden/errores';
import { conteosDe, EVENTOS, ordenNueva, solicitudWalkin, ticketDeWalkin, type FormularioOrden } from '@/modulos/orden/orden';
import { useHorarioSucursal, useSucursalesUsuario } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { useRegistrarWalkin } from '../api/registrar-walkin';
import { ahora } from '@/lib/reloj';

/** The four steps of the walk-in wizard. */
export const PASOS_WALKIN = ['Información Personal', 'Comanda', 'Abre', 'Imprimir'] as const;

/** The digits typed after the calling code, from the stored phone (code included). */
function digitosLocales(phone: string, codigo: string): string {
  return phone.startsWith(codigo) ? phone.slice(codigo.length) : phone;
}

function PasoPersonal({
  orden,
  pais,
  alCambiar,
  alCambiarPais,
  alContinuar,
}: {
  orden: FormularioOrden;
  pais: string;
  alCambiar: (cambios: Partial<FormularioOrden>) => void;
  alCambiarPais: (iso: string) => void;
  alContinuar: (personal: DatosPersonales) => void;
}) {
  const codigo = paisPorIso(pais).codigo;

  /** Core keeps a phone to 15 digits, calling code included; the form stores them all. */
  function telefono(codigoPais: string, local: string): string {
    const todos = limitarTelefono(codigoPais + local);
    return todos.length > codigoPais.length ? todos : '';
  }

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const r = validarDatosPersonales({ name: orden.name, email: orden.email, phone: orden.phone, evento: orden.evento });
    if ('error' in r) {
      toast.error(r.error.mensaje);
      enfocarCampo(e.currentTarget, r.error.campo);
      return;
    }
    // Fewer than five digits is no phone at all; the box shows it cleared.
    if (!r.ok.phone && orden.phone) alCambiar({ phone: '' });
    alContinuar(r.ok);
  }

  return (
    // noValidate: core checks the e-mail on Siguiente with 'Correo electrónico no válido', not the browser.
    <form onSubmit={enviar} onKeyDown={enterEnSelectEnvia} noValidate className="space-y-6" aria-label="Información Personal" data-paso="personal">
      <div className="grid gap-4 md:grid-cols-2">
        <CampoTexto
          etiqueta="Nombre"
          name="name"
          autoFocus
          autoComplete="off"
          value={orden.name}
          onChange={(e) => alCambiar({ name: e.target.value })}
          className="md:col-span-2"
        />
        <CampoTexto
          etiqueta="Correo electrónico"
          name="email"
          type="email"
          autoComplete="off"
          value={orden.email}
          onChange={(e) => alCambiar({ email: e.target.value })}
        />
        <div data-campo="phone">
          <CampoTelefono
            etiqueta="Teléfono"
            pais={pais}
            alCambiarPais={(iso) => {
              const nuevo = paisPorIso(iso).codigo;
              alCambiarPais(iso);
              alCambiar({ phone: telefono(nuevo, digitosLocales(orden.phone, codigo)) });
            }}
            local={digitosLocales(orden.phone, codigo)}
            alCambiarLocal={(local) => alCambiar({ phone: telefono(codigo, local) })}
          />
        </div>
        <CampoSelect etiqueta="Evento" name="evento" value={orden.evento} onChange={(e) => alCambiar({ evento: e.target.value as FormularioOrden['evento'] })}>
          {EVENTOS.map((ev) => (
            <option key={ev} value={ev}>
              {ev}
            </option>
          ))}
        </CampoSelect>
      </div>
      <AccionesPaso deshabilitado={orden.name.trim() === ''} />
    </form>
  );
}

/** A party of the waitlist the wizard seats ("Sentar"): what it fills in, and its id for the save. */
export type GrupoASentar = Pick<Esquema<'GrupoEnEspera'>, '_id' | 'name' | 'phone' | 'personas' | 'creado'>;

/** A new walk-in for a waiting party: its name, phone and party, the buffets following the party. */
export function ordenDeEspera(orden: FormularioOrden, g: GrupoASentar): FormularioOrden {
  return { ...orden, name: g.name, phone: g.phone ?? '', ...conteosConPersonas(conteosDe(orden), g.personas) };
}

/**
 * The walk-in wizard: Información Personal, Comanda, Abre, Imprimir. It starts from
 * core's defaults in the buffet mode core suggests for now; Registrar saves, and on success the
 * tickets are shown, the form starts afresh and every walk-in list asks again. `mesa` is the
 * table chosen on the floor ("Sentar aquí"), already filled in; `espera`, the waiting party
 * "Sentar" on the waitlist opened it for: its name, phone and party are filled in, and the save
 * takes it off the list (`espera_id`) in the same transaction.
 */
export function AsistenteWalkin({ tag, mesa = '', espera = null }: { tag: string; mesa?: string; espera?: GrupoASentar | null }) {
  // The buffet mode it starts in follows the branch's own late cutoff: wait for its settings.
  const horario = useHorarioSucursal(tag);
  if (horario === undefined) return <Esqueleto className="h-96 w-full rounded-2xl" />;
  return <Asistente tag={tag} horario={horario} mesa={mesa} espera={espera} />;
}

function Asistente({ tag, horario, mesa, espera }: { tag: string; horario: ConfigHorario | null; mesa: string; espera: GrupoASentar | null }) {
  const [paso, setPaso] = useState(0);
  const [orden, setOrden] = useState<FormularioOrden>(() => {
    // A party from the waitlist arrived when it was written down: the branch may charge by it.
    const nueva = { ...ordenNueva(tag, ahora(), horario, espera?.creado ?? null), mesa };
    return espera ? ordenDeEspera(nueva, espera) : nueva;
  });
  // The waiting party this walk-in seats, until it is saved (or the list no longer has it).
  const [deEspera, setDeEspera] = useState<GrupoASentar | null>(espera);
  // The box a refusal at the last step named: the order step opens on it.
  const [enfocar, setEnfocar] = useState<string | null>(null);
  const [pais, setPais] = useState(() => (espera?.phone ? paisDeTelefono(espera.phone).iso : PAIS_POR_DEFECTO));
  const [personal, setPersonal] = useState<DatosPersonales | null>(null);
  const [guardado, setGuardado] = useState<Esquema<'Walkin'> | null>(null);
  const registrar = useRegistrarWalkin();
  const sucursales = useSucursalesUsuario();
  const sucursal = sucursales.data?.find((s) => s.tag === tag);
  const lugar = sucursal?.name ?? null;

  const cambiar = (cambios: Partial<FormularioOrden>) => setOrden((o) => ({ ...o, ...cambios }));

  function reiniciar() {
    setOrden(ordenNueva(tag, ahora(), horario));
    setPais(PAIS_POR_DEFECTO);
    setPersonal(null);
    setDeEspera(null);
  }

  function guardar(promos: PromoAplicada[]) {
    if (!personal) {
      setPaso(0);
      return;
    }
    const solicitud: Esquema<'SolicitudWalkin'> = deEspera
      ? { ...solicitudWalkin(orden, personal, promos), espera_id: deEspera._id }
      : solicitudWalkin(orden, personal, promos);
    registrar.mutate(solicitud, {
      onSuccess: ({ data }) => {
        toast.exito(mensajes().datosGuardados);
        setGuardado(data);
        reiniciar();
        setPaso(3);
      },
      onError: (error) => {
        avisarErrorAlGuardar(error);
        // The party was seated or left meanwhile: the walk-in is saved without it on Registrar again.
        if (error instanceof ApiError && error.rechazo?.codigo === 'espera_terminada') setDeEspera(null);
        const donde = pasoDelRechazo(error, [
          ['comanda', solicitud.comanda],
          ['personal', solicitud],
        ]);
        if (donde === 'personal') setPaso(0);
        if (donde === 'comanda') {
          setEnfocar(campoRechazado(error));
          setPaso(1);
        }
      },
    });
  }

  return (
    <section className="rounded-2xl bg-white shadow-sm ring-1 ring-stone-200" aria-labelledby="titulo-asistente-walkin" data-testid="asistente-walkin">
      <header className="space-y-4 border-b border-stone-100 px-5 py-4 sm:px-6">
        <h2 id="titulo-asistente-walkin" className="text-lg font-semibold text-stone-900">
          Registrar walk-in
        </h2>
        {deEspera && (
          <p className="flex items-center gap-2 rounded-lg bg-primary-50 px-3 py-2 text-sm text-primary-900 ring-1 ring-primary-200 ring-inset" data-testid="walkin-de-espera">
            <QueueListIcon aria-hidden className="size-5 shrink-0 text-primary-700" />
            <span>
              De la lista de espera: <span className="font-semibold">{deEspera.name}</span> · {textoPersonas(deEspera.personas)}. Al registrar, sale de la lista.
            </span>
          </p>
        )}
        <Pasos pasos={PASOS_WALKIN} actual={paso} etiqueta="Pasos del registro" />
      </header>
      <div className="px-5 py-5 sm:px-6">
        {paso === 0 && (
          <PasoPersonal
            orden={orden}
            pais={pais}
            alCambiar={cambiar}
            alCambiarPais={setPais}
            alContinuar={(p) => {
              setPersonal(p);
              setPaso(1);
            }}
          />
        )}
        {paso === 1 && (
          <FormularioComanda
            orden={orden}
            llegada={deEspera?.creado ?? null}
            alCambiar={cambiar}
            alContinuar={() => {
              setEnfocar(null);
              setPaso(2);
            }}
            acciones={<AccionesPaso alRegresar={() => setPaso(0)} />}
            enfocar={enfocar}
          />
        )}
        {paso === 2 && (
          <FormularioAbre
            orden={orden}
            alCambiar={cambiar}
            alRegistrar={guardar}
            acciones={<AccionesPaso alRegresar={() => setPaso(1)} principal="Registrar" cargando={registrar.isPending} conFlecha={false} />}
          />
        )}
        {paso === 3 && guardado && (
          <div className="space-y-6" data-paso="imprimir">
            <TicketsOrden datos={ticketDeWalkin(guardado, lugar)} enfocar registro={{ origen: 'walkin', id: guardado._id }} />
            <div className="flex flex-col-reverse gap-3 border-t border-stone-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
              <Link
                to={`/walkin/hoy/${guardado._id}`}
                className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold text-primary-800 hover:bg-primary-50"
              >
                <ArrowTopRightOnSquareIcon aria-hidden className="size-5" />
                Ver en Hoy
              </Link>
              <Button
                onClick={() => {
                  setGuardado(null);
                  reiniciar();
                  setPaso(0);
                }}
                className="min-h-12 sm:min-w-40"
              >
                <ArrowPathIcon aria-hidden className="size-5" />
                Inicio
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
