// The branch's waitlist: one dense row per waiting party, in order — its place, name, party,
// phone and notes, the minutes waited against the wait quoted (amber past it, red well past it),
// «Siguiente» on the party a free table seats now, and the state of its call ("Avisado 19:42 ·
// mensaje en cola"). Each row offers Avisar (without a phone, disabled and saying why; on a server
// that sends no messages, "Llamar" to the party's number instead), Sentar (the walk-in wizard with
// the party filled in) and Se fue; the header, "Agregar a la lista".
// The host stand's home and the walk-in screen show it, to whoever holds espera.index.
import { ArrowRightStartOnRectangleIcon, BellAlertIcon, ChatBubbleBottomCenterTextIcon, ChatBubbleLeftEllipsisIcon, ClockIcon, PhoneIcon, PlusIcon, UsersIcon } from '@heroicons/react/20/solid';
import { QueueListIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { Insignia } from '@/components/ui/Insignia';
import { telefonoLegible, textoPersonas } from '@/lib/formato';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import type { ConfigHorario } from '@/lib/wasm';
import { useCanales } from '@/modulos/canales/api/get-canales';
import { useHorarioSucursal } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { useAvisarEspera } from '../api/escribir-espera';
import { useEspera } from '../api/get-espera';
import { CLASES_TONO, textoAviso, textoEspera, tonoEspera } from '../espera';
import { DialogoAgregarEspera } from './DialogoAgregarEspera';
import { DialogoMensajes } from './DialogoMensajes';
import { DialogoSeFue } from './DialogoSeFue';
import type { Esquema } from '@/lib/api-client';

/** Why Avisar is disabled for a party without a phone (the server's own words for it). */
export const SIN_TELEFONO = 'El grupo no dejó teléfono: llámelo por su nombre.';

/** Why a row offers "Llamar": this server sends no messages. */
export const SIN_MENSAJES = 'Este servidor no envía mensajes: llame al grupo.';

const CLASE_ACCION = 'min-h-11 flex-1 px-3 @xl:flex-none';

const CLASE_LLAMAR =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 shadow-sm ring-1 ring-stone-300 ring-inset hover:bg-stone-50 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 @xl:flex-none';

const CLASE_SENTAR =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg bg-primary-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-primary-800 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 @xl:flex-none';

const TONO_AVISO = { pendiente: 'text-stone-600', enviado: 'text-emerald-700', fallido: 'text-red-700 font-semibold' } as const;

/** One waiting party. */
function FilaEspera({
  g,
  horario,
  seleccionado,
  avisando,
  puedeAvisar,
  alAvisar,
  alSeFue,
  alMensajes,
  enlaceSentar,
}: {
  g: Esquema<'GrupoEnEspera'>;
  horario: ConfigHorario | null;
  seleccionado: boolean;
  avisando: boolean;
  /** The server sends messages; without, a party with a phone is called instead. */
  puedeAvisar: boolean;
  alAvisar: (g: Esquema<'GrupoEnEspera'>) => void;
  alSeFue: (g: Esquema<'GrupoEnEspera'>) => void;
  /** Opens the party's messages by SMS. */
  alMensajes?: (g: Esquema<'GrupoEnEspera'>) => void;
  /** Where Sentar leads; null: this user does not seat parties. */
  enlaceSentar: ((g: Esquema<'GrupoEnEspera'>) => string) | null;
}) {
  const tono = tonoEspera(g.esperando_min, g.cotizada_min);
  const espera = textoEspera(g);
  const aviso = textoAviso(g, horario);
  const fondo = seleccionado ? 'bg-primary-50/70 ring-1 ring-primary-200' : g.siguiente ? 'bg-emerald-50/60' : '';
  return (
    <li
      data-espera={g._id}
      data-posicion={g.posicion}
      data-tono={tono}
      aria-current={seleccionado || undefined}
      className={`flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl px-3 py-2.5 ${fondo}`}
    >
      <span
        className="grid size-8 shrink-0 place-items-center rounded-full bg-stone-100 text-sm font-bold text-stone-800 tabular-nums"
        data-campo="posicion"
        aria-label={`Lugar ${g.posicion}`}
      >
        {g.posicion}
      </span>
      <div className="min-w-0 flex-1 basis-48 space-y-0.5">
        {/* Where the row is narrow the name keeps its line and the party goes under it. */}
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="max-w-full min-w-0 truncate text-base font-semibold text-stone-900" data-campo="nombre" title={g.name}>
            {g.name}
          </span>
          <span className="flex shrink-0 items-center gap-1 text-sm text-stone-700 tabular-nums" data-campo="personas">
            <UsersIcon aria-hidden className="size-4 text-stone-400" />
            {textoPersonas(g.personas)}
          </span>
          {g.en_linea && (
            <span title="Se anotó desde su celular" data-marca="en-linea" className="inline-flex shrink-0">
              <Insignia tono="acento">en línea</Insignia>
            </span>
          )}
          {g.viene && (
            <span title="Respondió «1» por SMS" data-marca="viene" className="inline-flex shrink-0">
              <Insignia tono="exito">viene en camino</Insignia>
            </span>
          )}
          {g.siguiente && (
            <span title="Una mesa libre lo sienta ahora" data-marca="siguiente" className="inline-flex shrink-0">
              <Insignia tono="exito">Siguiente</Insignia>
            </span>
          )}
        </p>
        <p className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-0.5 text-sm">
          <span className={`inline-flex items-center gap-1 tabular-nums ${CLASES_TONO[tono]}`} data-campo="espera">
            <ClockIcon aria-hidden className="size-4 shrink-0 opacity-70" />
            {espera.esperando}
            <span className="text-stone-400">/</span>
            <span title={g.cotizada_min == null ? `Ninguna mesa de la sucursal sienta a ${textoPersonas(g.personas)}` : undefined}>{espera.cotizado}</span>
          </span>
          {g.phone ? (
            <span className="inline-flex items-center gap-1 whitespace-nowrap text-stone-600 tabular-nums" data-campo="telefono">
              <PhoneIcon aria-hidden className="size-4 text-stone-400" />
              {telefonoLegible(g.phone)}
            </span>
          ) : (
            <span className="text-stone-400" data-campo="telefono">
              Sin teléfono
            </span>
          )}
          {g.notas && (
            <span className="inline-flex min-w-0 items-center gap-1 text-stone-600" data-campo="notas" title={g.notas}>
              <ChatBubbleBottomCenterTextIcon aria-hidden className="size-4 shrink-0 text-stone-400" />
              <span className="truncate">{g.notas}</span>
            </span>
          )}
        </p>
        {g.ultimo_mensaje && (
          <button
            type="button"
            onClick={() => alMensajes?.(g)}
            className="mt-1 flex max-w-full items-start gap-1.5 rounded-2xl rounded-bl-sm bg-sky-50 px-3 py-1.5 text-left text-sm text-sky-950 ring-1 ring-sky-200 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
            data-campo="ultimo-mensaje"
            aria-label={`Mensaje de ${g.name}: ${g.ultimo_mensaje}. Responder`}
          >
            <ChatBubbleLeftEllipsisIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-600" />
            <span className="line-clamp-2">{g.ultimo_mensaje}</span>
          </button>
        )}
        {aviso && (
          <p className={`flex items-center gap-1 text-sm ${aviso.mensaje ? TONO_AVISO[aviso.mensaje] : 'text-stone-600'}`} data-campo="aviso" data-mensaje={aviso.mensaje ?? undefined}>
            <BellAlertIcon aria-hidden className="size-4 shrink-0 opacity-70" />
            {aviso.texto}
          </p>
        )}
      </div>
      <div className="flex w-full gap-2 @xl:w-auto" role="group" aria-label={`Acciones para ${g.name}`}>
        {!puedeAvisar && g.phone ? (
          <a href={`tel:+${g.phone}`} className={CLASE_LLAMAR} data-accion="llamar" aria-label={`Llamar a ${g.name}`} title={SIN_MENSAJES}>
            <PhoneIcon aria-hidden className="size-5 text-stone-500" />
            Llamar
          </a>
        ) : (
        /* A disabled button shows no tooltip in every browser: the wrapper carries it. */
        <span className="flex flex-1 @xl:flex-none" title={g.phone ? undefined : SIN_TELEFONO}>
          <Button
            variante="secundario"
            className={`${CLASE_ACCION} w-full`}
            disabled={!g.phone}
            cargando={avisando}
            onClick={() => alAvisar(g)}
            aria-label={`Avisar a ${g.name}`}
            aria-description={g.phone ? undefined : SIN_TELEFONO}
          >
            {!avisando && <BellAlertIcon aria-hidden className="size-5" />}
            Avisar
          </Button>
        </span>
        )}
        {enlaceSentar && (
          <Link to={enlaceSentar(g)} className={CLASE_SENTAR} data-accion="sentar" aria-label={`Sentar a ${g.name}`}>
            Sentar
          </Link>
        )}
        <Button variante="peligro-suave" className={CLASE_ACCION} onClick={() => alSeFue(g)} aria-label={`${g.name} se fue`}>
          <ArrowRightStartOnRectangleIcon aria-hidden className="size-5" />
          Se fue
        </Button>
      </div>
    </li>
  );
}

/**
 * The rows of the list, its loading and empty states: what the list draws from its data, apart
 * from where the data come from.
 */
export function FilasEspera({
  grupos,
  cargando = false,
  fallo = false,
  reintentar,
  horario = null,
  seleccionado = null,
  avisando = null,
  puedeAvisar = true,
  alAvisar,
  alSeFue,
  alMensajes,
  enlaceSentar,
}: {
  grupos: Esquema<'GrupoEnEspera'>[] | undefined;
  cargando?: boolean;
  fallo?: boolean;
  reintentar?: () => void;
  horario?: ConfigHorario | null;
  /** The party being seated (the wizard beside the list is for it). */
  seleccionado?: string | null;
  /** The party whose call is on its way. */
  avisando?: string | null;
  /** The server sends messages (until it says otherwise, it is taken to). */
  puedeAvisar?: boolean;
  alAvisar: (g: Esquema<'GrupoEnEspera'>) => void;
  alSeFue: (g: Esquema<'GrupoEnEspera'>) => void;
  alMensajes?: (g: Esquema<'GrupoEnEspera'>) => void;
  enlaceSentar: ((g: Esquema<'GrupoEnEspera'>) => string) | null;
}) {
  if (cargando) {
    return (
      <div className="space-y-2 py-1" role="status" aria-busy="true" aria-label="Cargando la lista de espera" data-estado="cargando">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3 px-3 py-2">
            <Esqueleto className="size-8 rounded-full" />
            <div className="flex-1 space-y-2">
              <Esqueleto className="h-4 w-40" />
              <Esqueleto className="h-3.5 w-56" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (fallo && !grupos) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-6 text-center" role="alert">
        <p className="text-sm text-stone-600">No se pudo leer la lista de espera. Revisa la conexión; se intentará de nuevo.</p>
        {reintentar && (
          <Button variante="secundario" className="min-h-11" onClick={reintentar}>
            Reintentar
          </Button>
        )}
      </div>
    );
  }
  if (!grupos || grupos.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center" data-estado="vacia">
        <QueueListIcon aria-hidden className="size-9 text-stone-300" />
        <p className="text-base font-medium text-stone-600">Nadie espera mesa.</p>
      </div>
    );
  }
  return (
    <ol className="-mx-1 space-y-1.5" aria-label="Grupos en espera">
      {grupos.map((g) => (
        <FilaEspera
          key={g._id}
          g={g}
          horario={horario}
          seleccionado={seleccionado === g._id}
          avisando={avisando === g._id}
          puedeAvisar={puedeAvisar}
          alAvisar={alAvisar}
          alSeFue={alSeFue}
          alMensajes={alMensajes}
          enlaceSentar={enlaceSentar}
        />
      ))}
    </ol>
  );
}

/** "2 grupos · 7 personas". */
export function resumenEspera(grupos: readonly Pick<Esquema<'GrupoEnEspera'>, 'personas'>[]): string {
  const personas = grupos.reduce((n, g) => n + g.personas, 0);
  return `${grupos.length === 1 ? '1 grupo' : `${grupos.length} grupos`} · ${textoPersonas(personas)}`;
}

/**
 * The current branch's waitlist with its header ("Agregar a la lista") and dialogs.
 * `enlaceSentar` is where Sentar leads (the walk-in wizard with `?espera=`); `seleccionado`, the
 * party the wizard beside it is seating.
 */
export function ListaEspera({
  enlaceSentar,
  seleccionado = null,
  className = '',
}: {
  enlaceSentar: (g: Esquema<'GrupoEnEspera'>) => string;
  seleccionado?: string | null;
  className?: string;
}) {
  const { sucursal, usuario } = useSesion();
  const lista = useEspera();
  const horario = useHorarioSucursal(sucursal) ?? null;
  const avisar = useAvisarEspera();
  const puedeAvisar = useCanales().data?.telefono ?? true;
  const [agregando, setAgregando] = useState(false);
  const [saliendo, setSaliendo] = useState<Esquema<'GrupoEnEspera'> | null>(null);
  const [conversando, setConversando] = useState<Esquema<'GrupoEnEspera'> | null>(null);
  // Seating is the walk-in's save: Sentar only for who registers walk-ins.
  const sienta = tienePermiso(usuario, 'walkin.index');
  const grupos = lista.data;

  return (
    <section
      aria-labelledby="titulo-lista-espera"
      className={`@container rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5 ${className}`}
      data-testid="lista-espera"
    >
      <header className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h2 id="titulo-lista-espera" className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-lg font-semibold text-stone-900">
          Lista de espera
          {grupos && grupos.length > 0 && (
            <span className="text-sm font-medium text-stone-500" data-campo="resumen">
              {resumenEspera(grupos)}
            </span>
          )}
        </h2>
        <Button onClick={() => setAgregando(true)} className="min-h-11 grow @sm:grow-0">
          <PlusIcon aria-hidden className="size-5" />
          Agregar a la lista
        </Button>
      </header>
      <FilasEspera
        grupos={grupos}
        cargando={lista.isPending && lista.fetchStatus !== 'idle'}
        fallo={lista.isError}
        reintentar={() => void lista.refetch()}
        horario={horario}
        seleccionado={seleccionado}
        avisando={avisar.isPending ? (avisar.variables ?? null) : null}
        puedeAvisar={puedeAvisar}
        alAvisar={(g) => avisar.mutate(g._id)}
        alSeFue={setSaliendo}
        alMensajes={setConversando}
        enlaceSentar={sienta ? enlaceSentar : null}
      />
      {agregando && <DialogoAgregarEspera alCerrar={() => setAgregando(false)} />}
      {saliendo && <DialogoSeFue grupo={saliendo} alCerrar={() => setSaliendo(null)} />}
      {conversando && <DialogoMensajes grupo={conversando} alCerrar={() => setConversando(null)} />}
    </section>
  );
}
