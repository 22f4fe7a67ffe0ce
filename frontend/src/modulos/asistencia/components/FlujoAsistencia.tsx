import { ArrowRightIcon, CheckIcon } from '@heroicons/react/20/solid';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { AccionesPaso } from '@/components/ui/AccionesPaso';
import { Button } from '@/components/ui/Button';
import { Pasos } from '@/components/ui/Pasos';
import { horaCorta, textoPersonas } from '@/lib/formato';
import { useSesion } from '@/lib/use-session';
import { mensajes, validarCodigoReservacion, validarCorreo, type PromoAplicada } from '@/lib/wasm';
import { toast } from '@/stores/toasts';
import { FormularioAbre } from '@/modulos/orden/components/FormularioAbre';
import { FormularioComanda } from '@/modulos/orden/components/FormularioComanda';
import { TicketsOrden } from '@/modulos/orden/components/Tickets';
import { avisarErrorAlGuardar, campoRechazado, pasoDelRechazo } from '@/modulos/orden/errores';
import { ordenDeReservacion, solicitudAsistencia, ticketDeReservacion, type FormularioOrden } from '@/modulos/orden/orden';
import { useHorarioSucursal } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { mesaAsignada, useSalon } from '@/modulos/salon/api/get-salon';
import { buscarPorCodigo, buscarPorCorreo } from '../api/buscar-reservacion';
import { useRegistrarAsistencia } from '../api/registrar-asistencia';
import { hallazgoDe, hallazgoDeError, type Hallazgo, type MetodoBusqueda } from '../busqueda';
import { BuscarPorCorreo, ElegirMetodo, LectorDispositivo, RegresarAMetodos } from './BusquedaReservacion';
import { LectorCamara } from './LectorCamara';
import { TarjetaReservacion } from './TarjetaReservacion';
import { ahora } from '@/lib/reloj';
import type { Esquema } from '@/lib/api-client';

/** The flow's four steps (the attendance's three and the summary). */
export const PASOS_ASISTENCIA = ['Búsqueda', 'Comanda', 'Abre', 'Imprimir'] as const;

const TITULOS_METODO: Record<MetodoBusqueda, string> = { device: 'Lector QR', cam: 'Cámara', user: 'Por correo' };

/**
 * Check-in and attendance as one flow: find the reservation (scanner device, camera
 * or e-mail), take its order, its promotions, save, print. Only a Pendiente reservation of the
 * current branch goes past the search. Cerrar starts everything afresh and calls `alTerminar`.
 * It holds no dialog chrome, so the check-in screens can host it too; `codigoInicial` starts it
 * with that reservation looked up, as if the scanner device had read it.
 */
export function FlujoAsistencia({
  alTerminar,
  codigoInicial,
  mesaInicial,
  alCambiarEnCurso,
}: {
  alTerminar?: () => void;
  codigoInicial?: string;
  /** The table chosen on the floor ("Registrar llegada aquí"): the order step starts with it. */
  mesaInicial?: string;
  /** Told whether an order is being filled (comanda or abre, not yet saved). */
  alCambiarEnCurso?: (enCurso: boolean) => void;
}) {
  const { sucursal: tagSesion } = useSesion();
  const tag = tagSesion ?? '';
  const horario = useHorarioSucursal(tag);
  const [paso, setPaso] = useState(0);
  // Only the step decides; the callback is the parent's setter.
  const avisarEnCurso = useEffectEvent((enCurso: boolean) => alCambiarEnCurso?.(enCurso));
  useEffect(() => avisarEnCurso(paso === 1 || paso === 2), [paso]);
  const [metodo, setMetodo] = useState<MetodoBusqueda | null>(codigoInicial ? 'device' : null);
  const [hallazgo, setHallazgo] = useState<Hallazgo | null>(null);
  const [buscando, setBuscando] = useState(false);
  const [orden, setOrden] = useState<FormularioOrden | null>(null);
  // The box a refusal at the last step named: the order step opens on it.
  const [enfocar, setEnfocar] = useState<string | null>(null);
  const [sentada, setSentada] = useState<Esquema<'Reservacion'> | null>(null);
  const registrar = useRegistrarAsistencia();
  const salon = useSalon();
  const pie = useRef<HTMLDivElement>(null);
  // Only the latest lookup may answer: a slow one never overwrites a newer scan's card.
  const consulta = useRef(0);

  const pendiente = hallazgo?.tipo === 'pendiente' ? hallazgo.reservacion : null;

  // The floor read after the lookup answered: its table for this reservation fills an order that
  // has none yet (never one the host already chose).
  const asignada = pendiente ? mesaAsignada(salon.data, pendiente._id) : null;
  const [asignadaVista, setAsignadaVista] = useState<string | null>(null);
  if (asignada !== asignadaVista) {
    setAsignadaVista(asignada);
    if (asignada && orden && !orden.mesa) setOrden({ ...orden, mesa: asignada });
  }

  // Found by e-mail: Enter now goes on (in the e-mail box it would only search again). The
  // scanner's box keeps the focus instead, ready for the next scan.
  useEffect(() => {
    if (pendiente && metodo === 'user') pie.current?.querySelector('button')?.focus();
  }, [pendiente, metodo]);

  // A found reservation's card and Siguiente come into view: under the camera's picture they sit
  // below the fold of a 1024×768 tablet. The focus stays where it is (the scanner's box).
  useEffect(() => {
    if (hallazgo) pie.current?.scrollIntoView({ block: 'nearest' });
  }, [hallazgo]);

  function olvidar() {
    consulta.current++;
    setHallazgo(null);
    setOrden(null);
    setBuscando(false);
  }

  function reiniciar() {
    olvidar();
    setMetodo(null);
    setSentada(null);
    setPaso(0);
  }

  /** Looks a reservation up; `avanzar` (opened for a known one) goes straight on to its order. */
  async function consultar(llamada: () => Promise<Esquema<'Reservacion'>>, avanzar = false) {
    const esta = ++consulta.current;
    setHallazgo(null);
    setOrden(null);
    setBuscando(true);
    try {
      const r = await llamada();
      if (esta !== consulta.current) return;
      const h = hallazgoDe(r, tag);
      setHallazgo(h);
      if (h.tipo === 'pendiente') {
        const o = ordenDeReservacion(h.reservacion, tag, ahora(), horario ?? null);
        // The table chosen on the floor, else the one the floor holds for this reservation.
        const mesa = mesaInicial ?? mesaAsignada(salon.data, h.reservacion._id);
        setOrden(mesa ? { ...o, mesa } : o);
        if (avanzar) setPaso(1);
      }
    } catch (e) {
      if (esta !== consulta.current) return;
      // A refused lookup: the server's reason in a toast, and no reservation to go on with.
      toast.error(e instanceof Error ? e.message : String(e));
      setHallazgo(hallazgoDeError(e, tag));
    } finally {
      if (esta === consulta.current) setBuscando(false);
    }
  }

  function leerCodigo(crudo: string, avanzar = false) {
    const codigo = validarCodigoReservacion(crudo);
    if ('error' in codigo) {
      olvidar();
      toast.error(codigo.error.mensaje);
      return;
    }
    void consultar(() => buscarPorCodigo(tag, codigo.ok), avanzar);
  }

  function buscarCorreo(crudo: string) {
    const correo = validarCorreo(crudo);
    if ('error' in correo) {
      olvidar();
      toast.error(correo.error.mensaje);
      return;
    }
    if (!correo.ok) return;
    const email = correo.ok;
    void consultar(() => buscarPorCorreo(tag, email));
  }

  // Opened for one reservation (/hostes/checkin/:id, "Registrar llegada" on its card): looked up
  // once the branch is known, and straight on to its order when it can be seated; otherwise
  // the search step says why (another branch, another day, already attended).
  const inicial = useRef<string | null>(null);
  // Only the code and the branch start it; leerCodigo is this render's, which is current.
  const leerInicial = useEffectEvent((codigo: string) => leerCodigo(codigo, true));
  useEffect(() => {
    if (!codigoInicial || !tag || inicial.current === codigoInicial) return;
    inicial.current = codigoInicial;
    leerInicial(codigoInicial);
  }, [codigoInicial, tag]);

  function continuar() {
    if (pendiente && orden) setPaso(1);
  }

  function guardar(promos: PromoAplicada[]) {
    if (!pendiente || !orden) return;
    const solicitud = solicitudAsistencia(orden, promos);
    registrar.mutate(
      { id: pendiente._id, solicitud },
      {
        onSuccess: ({ data }) => {
          toast.exito(mensajes().asistenciaRegistrada);
          setSentada(data);
          setPaso(3);
        },
        onError: (error) => {
          avisarErrorAlGuardar(error);
          if (pasoDelRechazo(error, [['comanda', solicitud.comanda]]) === 'comanda') {
            setEnfocar(campoRechazado(error));
            setPaso(1);
          }
        },
      },
    );
  }

  const cambiar = (cambios: Partial<FormularioOrden>) => setOrden((o) => (o ? { ...o, ...cambios } : o));
  const tickets = sentada ? ticketDeReservacion(sentada) : null;

  return (
    <div className="space-y-5" data-testid="flujo-asistencia">
      <Pasos pasos={PASOS_ASISTENCIA} actual={paso} etiqueta="Pasos de la asistencia" />

      {paso === 0 && (
        <div className="space-y-5" data-paso="busqueda">
          {metodo === null ? (
            <ElegirMetodo alElegir={setMetodo} />
          ) : (
            <div className="space-y-4">
              <RegresarAMetodos
                titulo={TITULOS_METODO[metodo]}
                alRegresar={() => {
                  olvidar();
                  setMetodo(null);
                }}
              />
              {metodo === 'device' && <LectorDispositivo buscando={buscando} alLeer={leerCodigo} alContinuar={continuar} />}
              {metodo === 'cam' && (
                <LectorCamara
                  alLeer={leerCodigo}
                  alRegresar={() => {
                    olvidar();
                    setMetodo(null);
                  }}
                />
              )}
              {metodo === 'user' && <BuscarPorCorreo buscando={buscando} alBuscar={buscarCorreo} />}
              {hallazgo && <TarjetaReservacion hallazgo={hallazgo} />}
            </div>
          )}
          <div ref={pie} className="flex justify-end border-t border-stone-100 pt-5">
            <Button onClick={continuar} disabled={!pendiente} className="min-h-12 sm:min-w-40">
              Siguiente
              <ArrowRightIcon aria-hidden className="size-5" />
            </Button>
          </div>
        </div>
      )}

      {paso === 1 && orden && pendiente && (
        <FormularioComanda
          orden={orden}
          alCambiar={cambiar}
          alContinuar={() => {
            setEnfocar(null);
            setPaso(2);
          }}
          enfocar={enfocar}
          reservacion={pendiente?._id ?? null}
          encabezado={
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-600 ring-1 ring-stone-200">
              <span className="text-base font-semibold text-stone-900" data-campo="cliente">
                {pendiente.name}
              </span>
              <span>Reservó a las {horaCorta(pendiente.fecha_hora)}</span>
              <span>{textoPersonas(pendiente.no_personas)}</span>
            </p>
          }
          acciones={<AccionesPaso alRegresar={() => setPaso(0)} />}
        />
      )}

      {paso === 2 && orden && (
        <FormularioAbre
          orden={orden}
          alCambiar={cambiar}
          alRegistrar={guardar}
          acciones={<AccionesPaso alRegresar={() => setPaso(1)} principal="Registrar Asistencia" cargando={registrar.isPending} conFlecha={false} />}
        />
      )}

      {paso === 3 && (
        <div className="space-y-5" data-paso="imprimir">
          {tickets && sentada && <TicketsOrden datos={tickets} enfocar registro={{ origen: 'reservacion', id: sentada._id }} />}
          <div className="flex justify-end border-t border-stone-100 pt-5">
            <Button
              variante="secundario"
              onClick={() => {
                reiniciar();
                alTerminar?.();
              }}
              className="min-h-12 sm:min-w-40"
            >
              <CheckIcon aria-hidden className="size-5" />
              Cerrar
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
