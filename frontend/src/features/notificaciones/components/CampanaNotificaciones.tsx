import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { BellIcon, ExclamationTriangleIcon, SpeakerWaveIcon, SpeakerXMarkIcon } from '@heroicons/react/24/outline';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { PANEL_FLOTANTE } from '@/components/ui/flotante';
import { datosOrigen } from '@/components/ui/IconoOrigen';
import { haceCuanto } from '@/lib/formato';
import { sinLeer, useNotificaciones } from '@/modulos/notificaciones/api/get-notificaciones';
import { useMarcarLeida } from '../api/marcar-leida';
import { useNotificacionesEnVivo } from '../api/stream-notificaciones';
import { prepararAudio, sonarAviso, useSilencio } from '../sonido';
import type { Esquema } from '@/lib/api-client';

/**
 * The origins of the notices about a waiting party (joined online, or wrote by SMS): they open
 * the waitlist. A guest's SMS about a reservation names the reservation instead.
 */
const ORIGENES_LISTA_ESPERA = new Set(['Lista de espera', 'SMS']);

/** The popup shows two until 'Ver todas'. */
const PLEGADAS = 2;

function Avatar({ n }: { n: Esquema<'Notificacion'> }) {
  const { icono: Icono, color, nombre } = datosOrigen(n.origin);
  if (n.avatar) return <img src={n.avatar} alt="" className="size-10 shrink-0 rounded-full object-cover" />;
  return (
    <span className={`grid size-10 shrink-0 place-items-center rounded-full bg-stone-100 ${color}`} title={`Origen: ${nombre}`}>
      <Icono aria-hidden className="size-5" />
    </span>
  );
}

function Item({ n, alElegir }: { n: Esquema<'Notificacion'>; alElegir: (n: Esquema<'Notificacion'>) => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => alElegir(n)}
        data-notificacion={n._id}
        data-leida={n.isRead ? 'si' : 'no'}
        className={`flex w-full items-start gap-3 px-4 py-3 text-left transition-colors focus:outline-none focus-visible:bg-primary-50 ${
          n.isRead ? 'hover:bg-stone-50' : 'bg-primary-50/50 hover:bg-primary-50'
        }`}
      >
        <Avatar n={n} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={`flex-1 truncate text-sm ${n.isRead ? 'font-medium text-stone-800' : 'font-semibold text-stone-900'}`}>{n.title}</span>
            <time dateTime={n.createdAt} className="shrink-0 text-xs text-stone-500">
              {haceCuanto(n.createdAt)}
            </time>
          </span>
          <span className="mt-0.5 line-clamp-2 block text-sm text-stone-600">{n.description}</span>
        </span>
        {!n.isRead && (
          <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary-600">
            <span className="sr-only">Sin leer</span>
          </span>
        )}
      </button>
    </li>
  );
}

function Cargando() {
  return (
    <ul aria-busy="true" aria-label="Cargando notificaciones" className="divide-y divide-stone-100">
      {Array.from({ length: PLEGADAS }, (_, i) => (
        <li key={i} className="flex items-start gap-3 px-4 py-3">
          <Esqueleto className="size-10 rounded-full" />
          <span className="flex-1 space-y-2 pt-1">
            <Esqueleto className="h-3.5 w-40" />
            <Esqueleto className="h-3 w-56" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The bell of the top bar: the branch's newest notifications, live from the server's
 * stream, with a count of the unread ones and a short chime (mutable) when one arrives. Choosing
 * one marks it read and opens its reservation.
 */
export function CampanaNotificaciones() {
  const consulta = useNotificaciones();
  const marcar = useMarcarLeida();
  const navigate = useNavigate();
  const [todas, setTodas] = useState(false);
  const [silencio, setSilencio] = useSilencio();
  useNotificacionesEnVivo(sonarAviso);
  useEffect(prepararAudio, []);

  const lista = consulta.data ?? [];
  const pendientes = sinLeer(lista);
  const visibles = todas ? lista : lista.slice(0, PLEGADAS);

  function elegir(n: Esquema<'Notificacion'>, cerrar: () => void) {
    if (!n.isRead) marcar.mutate(n._id);
    cerrar();
    if (n.reservacion) navigate(`/reservaciones/todas/${n.reservacion}`);
    else if (ORIGENES_LISTA_ESPERA.has(n.origin)) navigate('/walkin/registrar');
  }

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={pendientes > 0 ? `Notificaciones, ${pendientes} sin leer` : 'Notificaciones'}
        className="relative grid size-11 place-items-center rounded-full text-stone-600 hover:bg-stone-100 focus:outline-none data-focus:ring-2 data-focus:ring-primary-600 data-open:bg-stone-100"
      >
        <BellIcon aria-hidden className="size-6" />
        {pendientes > 0 && (
          <span
            aria-hidden
            data-testid="notificaciones-sin-leer"
            className="absolute top-1 right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-primary-700 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-white"
          >
            {pendientes > 99 ? '99+' : pendientes}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        transition
        className={`${PANEL_FLOTANTE} flex w-[360px] max-w-[calc(100vw-1rem)] flex-col rounded-2xl`}
        data-testid="panel-notificaciones"
      >
        {({ close }) => (
          <>
            <div className="flex items-center gap-2 border-b border-stone-100 py-2 pr-2 pl-4">
              <h2 className="flex-1 text-base font-semibold text-stone-900">
                Notificaciones
                {pendientes > 0 && <span className="ml-2 text-sm font-medium text-primary-700">{pendientes} sin leer</span>}
              </h2>
              <button
                type="button"
                onClick={() => setSilencio(!silencio)}
                aria-pressed={silencio}
                aria-label={silencio ? 'Activar sonido' : 'Silenciar sonido'}
                title={silencio ? 'Activar sonido' : 'Silenciar sonido'}
                className="grid size-10 place-items-center rounded-full text-stone-500 hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
              >
                {silencio ? <SpeakerXMarkIcon aria-hidden className="size-5" /> : <SpeakerWaveIcon aria-hidden className="size-5" />}
              </button>
            </div>

            {consulta.isPending ? (
              <Cargando />
            ) : consulta.isError && lista.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-5 py-8 text-center">
                <ExclamationTriangleIcon aria-hidden className="size-7 text-amber-500" />
                <p className="text-sm text-stone-600">No se pudieron cargar las notificaciones.</p>
                <button
                  type="button"
                  onClick={() => void consulta.refetch()}
                  className="min-h-10 rounded-lg px-3 text-sm font-semibold text-primary-800 hover:bg-primary-50"
                >
                  Reintentar
                </button>
              </div>
            ) : lista.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
                <BellIcon aria-hidden className="size-8 text-stone-300" />
                <p className="text-sm text-stone-500">Aún no tienes notificaciones.</p>
              </div>
            ) : (
              <ul
                className={`divide-y divide-stone-100 ${todas ? 'max-h-[min(28rem,calc(100dvh-12rem))] overflow-y-auto overscroll-contain' : ''}`}
                aria-label="Lista de notificaciones"
              >
                {visibles.map((n) => (
                  <Item key={n._id} n={n} alElegir={(x) => elegir(x, close)} />
                ))}
              </ul>
            )}

            {lista.length > PLEGADAS && (
              <div className="border-t border-stone-100 p-1.5">
                <button
                  type="button"
                  onClick={() => setTodas((t) => !t)}
                  className="min-h-11 w-full rounded-xl text-sm font-semibold text-primary-800 hover:bg-primary-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
                >
                  {todas ? 'Ver menos' : 'Ver todas'}
                </button>
              </div>
            )}
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
