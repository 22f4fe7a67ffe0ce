import { useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CampoSelect, CampoTexto } from '@/components/ui/Campo';
import { CampoNumero } from '@/components/ui/CampoNumero';
import { Interruptor } from '@/components/ui/Interruptor';
import { conteosConPersonas, opcionesMesa, validarComanda } from '@/lib/wasm';
import { horaCorta, palabraPersonas, textoPersonas } from '@/lib/formato';
import { enterEnSelectEnvia } from '@/lib/teclado';
import { toast } from '@/stores/toasts';
import { useSalon } from '@/modulos/salon/api/get-salon';
import { Confirmacion } from '@/components/ui/Confirmacion';
import { useMeseros } from '@/modulos/meseros/api/get-meseros';
import { useHorarioSucursal } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { camposBuffet, conteosDe, mensajesInline, sugerenciaModo, type CampoConteo, type FormularioOrden } from '../orden';
import { ahora } from '@/lib/reloj';

/** Puts the cursor in the box a refusal names, when the form has it. */
export function enfocarCampo(formulario: HTMLFormElement | null, campo: string | null | undefined) {
  if (!formulario || !campo) return;
  formulario.querySelector<HTMLElement>(`[name="${campo}"]`)?.focus();
}

/**
 * The order step, the same for a walk-in and an attendance: party, table, waiter and the buffet
 * counts of the current mode. Each count is checked inline as it is edited; Siguiente (or Enter)
 * runs every rule of the step (a party, adult buffets, counts that add up to the party) and shows
 * the first broken one as a toast. An empty table or waiter is core's refusal too ("Elige la
 * mesa", "Elige al mesero"), said in Spanish by the console, never by the browser's own bubble.
 */
export function FormularioComanda({
  orden,
  alCambiar,
  alContinuar,
  acciones,
  encabezado,
  enfocar = null,
  reservacion = null,
  llegada = null,
}: {
  orden: FormularioOrden;
  alCambiar: (cambios: Partial<FormularioOrden>) => void;
  /** Called once the counts pass core's rules. */
  alContinuar: () => void;
  /** The step's buttons; the submit one continues. */
  acciones: ReactNode;
  encabezado?: ReactNode;
  /**
   * The box a refusal at the last step named (the table taken, say): the step opens on it
   * instead of the party.
   */
  enfocar?: string | null;
  /** The reservation being seated: a table the floor holds for it is its own, not «Reservada». */
  reservacion?: string | null;
  /** When the party arrived (joined the waitlist), RFC 3339: the branch may charge by it. */
  llegada?: string | null;
}) {
  const formulario = useRef<HTMLFormElement>(null);
  const enfocarRechazado = useEffectEvent(() => {
    if (enfocar) enfocarCampo(formulario.current, enfocar);
  });
  // Once, as the step opens: the refused box, never the party's by default.
  useEffect(() => enfocarRechazado(), []);
  const meseros = useMeseros();
  const salon = useSalon();
  const personas = Math.max(1, orden.no_personas ?? 1);
  // The free tables and joins that seat the party, best fit first (core's rule), then the rest.
  const mesasDelPiso = useMemo(
    () => (salon.data?.mesas ?? []).map((m) => (reservacion && m.proxima?._id === reservacion ? { ...m, proxima: null } : m)),
    [salon.data, reservacion],
  );
  const opciones = useMemo(() => (salon.data ? opcionesMesa(mesasDelPiso, personas) : []), [salon.data, mesasDelPiso, personas]);
  const otras = useMemo(() => {
    const ofrecidas = new Set(opciones.filter((o) => o.numeros.length === 1).map((o) => o.numeros[0]));
    return (salon.data?.mesas ?? []).filter((m) => !ofrecidas.has(m.numero));
  }, [salon.data, opciones]);
  const conocida = opciones.some((o) => o.mesa === orden.mesa) || otras.some((m) => String(m.numero) === orden.mesa);
  // A table too small for the party is taken only once the host says so, on Siguiente (arrowing
  // through the list asks nothing).
  const [pequena, setPequena] = useState<{ mesa: string; asientos: number } | null>(null);
  const [aceptada, setAceptada] = useState<string | null>(null);
  // A table the floor holds for a reservation due within the party's stay is taken only once the
  // host says so, on Siguiente.
  const [prometida, setPrometida] = useState<{ mesa: string; hora: string } | null>(null);
  const [aceptadaReservada, setAceptadaReservada] = useState<string | null>(null);
  const reservadaDe = (mesa: string) => opciones.find((o) => o.mesa === mesa)?.reservada ?? null;
  const asientosDe = (mesa: string) => salon.data?.mesas.find((x) => String(x.numero) === mesa)?.asientos;
  const [mensajes, setMensajes] = useState<Partial<Record<CampoConteo, string>>>({});
  const horario = useHorarioSucursal(orden.tag || null);
  const sugerido = useMemo(() => sugerenciaModo(ahora(), horario ?? null, llegada), [horario, llegada]);

  function cambiar(campo: CampoConteo, valor: number | null) {
    // A new party carries the buffet counts the host has not touched with it (core's rule).
    const cambios: Partial<FormularioOrden> = campo === 'no_personas' ? conteosConPersonas(conteosDe(orden), valor) : { [campo]: valor };
    const siguiente = { ...orden, ...cambios };
    alCambiar(cambios);
    setMensajes((previos) => mensajesInline(previos, siguiente, campo));
  }

  function cambiarModo(promo: boolean) {
    const siguiente = { ...orden, isAfter7pm: promo };
    alCambiar({ isAfter7pm: promo });
    setMensajes((previos) => mensajesInline(previos, siguiente, null));
  }

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const vacio = !orden.mesa.trim() ? 'mesa' : !orden.mesero_id ? 'mesero_id' : null;
    if (vacio) {
      toast.error(vacio === 'mesa' ? 'Elige la mesa' : 'Elige al mesero');
      e.currentTarget.querySelector<HTMLElement>(`[name="${vacio}"]`)?.focus();
      return;
    }
    const r = validarComanda(conteosDe(orden));
    if ('error' in r) {
      toast.error(r.error.mensaje);
      enfocarCampo(e.currentTarget, r.error.campo);
      return;
    }
    const asientos = asientosDe(orden.mesa);
    if (asientos !== undefined && asientos < personas && aceptada !== `${orden.mesa}/${personas}`) {
      setPequena({ mesa: orden.mesa, asientos });
      return;
    }
    const hora = reservadaDe(orden.mesa);
    if (hora && aceptadaReservada !== `${orden.mesa}/${hora}`) {
      setPrometida({ mesa: orden.mesa, hora });
      return;
    }
    alContinuar();
  }

  const buffet = camposBuffet(orden.isAfter7pm);
  const suma = buffet.reduce((n, b) => n + (orden[b.campo] ?? 0), 0);

  return (
    <form ref={formulario} noValidate onSubmit={enviar} onKeyDown={enterEnSelectEnvia} className="space-y-6" aria-label="Comanda" data-paso="comanda">
      {encabezado}
      <div className="grid gap-4 sm:grid-cols-3">
        <CampoNumero
          etiqueta="Número de personas"
          nombre="no_personas"
          valor={orden.no_personas}
          alCambiar={(v) => cambiar('no_personas', v)}
          mensaje={mensajes.no_personas}
          autoFocus={!enfocar}
        />
        {salon.data && salon.data.mesas.length > 0 ? (
          <div>
            <CampoSelect etiqueta="Mesa" name="mesa" required value={orden.mesa} onChange={(e) => alCambiar({ mesa: e.target.value })}>
              <option value="">{opciones.length > 0 ? 'Elige una mesa' : 'No hay mesa libre para el grupo'}</option>
              {opciones.length > 0 ? (
                <optgroup label={`Libres para ${textoPersonas(personas)}`}>
                  {opciones.map((o) => (
                    <option key={o.mesa} value={o.mesa}>
                      {o.numeros.length > 1 ? 'Mesas' : 'Mesa'} {o.mesa} · {o.asientos} lugares · {o.area}
                      {o.reservada ? ` · Reservada ${horaCorta(o.reservada)}` : ''}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              <optgroup label="Otras mesas">
                {otras.map((m) => (
                  <option key={m.numero} value={String(m.numero)} disabled={m.estado !== 'libre'}>
                    Mesa {m.numero} · {m.asientos} lugares · {m.estado === 'libre' ? 'pequeña para el grupo' : `ocupada desde ${m.turno?.desde ?? ''}`}
                  </option>
                ))}
              </optgroup>
              {orden.mesa && !conocida ? <option value={orden.mesa}>Mesa {orden.mesa}</option> : null}
            </CampoSelect>
          </div>
        ) : (
          <div>
            <CampoTexto
              etiqueta="Mesa"
              name="mesa"
              required
              autoComplete="off"
              placeholder="Número de mesa"
              value={orden.mesa}
              onChange={(e) => alCambiar({ mesa: e.target.value })}
            />
            {salon.data ? <p className="mt-1 text-xs text-stone-500">Esta sucursal no tiene mesas configuradas: se configuran en Marcas → la sucursal → Mesas.</p> : null}
          </div>
        )}
        <CampoSelect
          etiqueta="Mesero"
          name="mesero_id"
          required
          value={orden.mesero_id}
          disabled={!meseros.data}
          onChange={(e) => {
            const m = meseros.data?.find((x) => x._id === e.target.value);
            alCambiar({ mesero_id: m?._id ?? '', mesero_name: m?.name ?? '' });
          }}
        >
          <option value="">
            {meseros.isPending ? 'Cargando meseros…' : meseros.isError ? 'No se pudieron cargar los meseros' : 'Elige un mesero'}
          </option>
          {meseros.data?.map((m) => (
            <option key={m._id} value={m._id}>
              {m.name}
            </option>
          ))}
        </CampoSelect>
      </div>

      <fieldset className="space-y-4 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
        <legend className="sr-only">Buffet</legend>
        <Interruptor
          etiqueta="Buffet promoción"
          descripcion={
            <>
              {orden.isAfter7pm ? 'Caballero, Dama y Niño' : 'Adulto y Niño'}
              <span className="text-stone-400"> · </span>
              {sugerido.llegada ? `Sugerido por la llegada (${sugerido.llegada}): ` : 'Sugerido por la hora: '}
              {sugerido.modo === 'Promo' ? 'promoción' : 'regular'}
            </>
          }
          valor={orden.isAfter7pm}
          alCambiar={cambiarModo}
        />
        <div className={`grid gap-4 ${orden.isAfter7pm ? 'grid-cols-1 sm:grid-cols-3' : 'grid-cols-1 sm:grid-cols-2'}`}>
          {buffet.map((b) => (
            <CampoNumero
              key={b.campo}
              etiqueta={b.etiqueta}
              nombre={b.campo}
              valor={orden[b.campo]}
              alCambiar={(v) => cambiar(b.campo, v)}
              mensaje={mensajes[b.campo]}
            />
          ))}
        </div>
        <p className="text-sm text-stone-600" data-testid="suma-buffets" aria-live="polite">
          Buffets: <span className="font-semibold text-stone-900 tabular-nums">{suma}</span> de{' '}
          <span className="font-semibold text-stone-900 tabular-nums">{orden.no_personas ?? 0}</span> {palabraPersonas(orden.no_personas ?? 0)}
        </p>
      </fieldset>

      {acciones}
      <Confirmacion
        abierto={pequena !== null}
        alCerrar={() => setPequena(null)}
        alConfirmar={() => {
          setAceptada(`${orden.mesa}/${personas}`);
          setPequena(null);
          alContinuar();
        }}
        titulo={`¿Sentar a ${personas} en la mesa ${pequena?.mesa ?? ''}?`}
        descripcion={`La mesa ${pequena?.mesa ?? ''} tiene ${pequena?.asientos ?? 0} lugares para un grupo de ${personas}.`}
        confirmar="Sentar de todos modos"
      />
      <Confirmacion
        abierto={prometida !== null}
        alCerrar={() => setPrometida(null)}
        alConfirmar={() => {
          if (prometida) setAceptadaReservada(`${prometida.mesa}/${prometida.hora}`);
          setPrometida(null);
          alContinuar();
        }}
        titulo={`¿Sentar aquí? La mesa ${prometida?.mesa ?? ''} está reservada a las ${prometida ? horaCorta(prometida.hora) : ''}`}
        descripcion={`Una reservación llega a las ${prometida ? horaCorta(prometida.hora) : ''}, antes de que este grupo termine. Elige otra mesa si puedes.`}
        confirmar="Sentar de todos modos"
      />
    </form>
  );
}
