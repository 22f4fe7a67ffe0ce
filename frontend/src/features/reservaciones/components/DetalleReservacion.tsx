import {
  CalendarIcon,
  ChatBubbleBottomCenterTextIcon,
  ClockIcon,
  EnvelopeIcon,
  ExclamationTriangleIcon,
  GiftIcon,
  PencilSquareIcon,
  PhoneIcon,
  UserGroupIcon,
  XCircleIcon,
} from '@heroicons/react/24/outline';
import { CheckCircleIcon } from '@heroicons/react/20/solid';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { datosOrigen, IconoOrigen } from '@/components/ui/IconoOrigen';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { ApiError, type Esquema } from '@/lib/api-client';
import { fechaLarga, horaCorta, telefonoLegible, textoPersonas } from '@/lib/formato';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { useReservacion } from '../api/get-reservacion';
import { CancelarReservacionDialogo } from './CancelarReservacionDialogo';
import { CorreosReservacion } from './CorreosReservacion';
import { MensajesReservacion } from './MensajesReservacion';
import { EditarClienteDialogo } from './EditarClienteDialogo';
import { EditarReservacionDialogo } from './EditarReservacionDialogo';
import { TicketsOrden } from '@/modulos/orden/components/Tickets';
import { ticketDeReservacion } from '@/modulos/orden/orden';
import { confirmo } from '@/modulos/reservaciones/confirmacion';
import { EstadoReservacion } from '@/modulos/reservaciones/components/EstadoReservacion';
import { MarcaConfirmo } from '@/modulos/reservaciones/components/MarcaConfirmo';
import { LineaHistorial } from '@/modulos/reservaciones/components/HistorialCliente';
import { useHorarioSucursal } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { IconoEvento } from './marcas';

function Dato({ icono, titulo, children }: { icono: ReactNode; titulo: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 py-3">
      <span className="mt-0.5 shrink-0 text-stone-400">{icono}</span>
      <div className="min-w-0 flex-1">
        <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{titulo}</dt>
        <dd className="mt-0.5 text-[0.9375rem] break-words text-stone-900">{children}</dd>
      </div>
    </div>
  );
}

function Verificacion({ si, texto }: { si: boolean; texto: string }) {
  return (
    <span className={`inline-flex items-center gap-1 text-sm ${si ? 'text-emerald-700' : 'text-stone-500'}`}>
      {si ? <CheckCircleIcon aria-hidden className="size-4" /> : <XCircleIcon aria-hidden className="size-4" />}
      {texto} {si ? 'verificado' : 'sin verificar'}
    </span>
  );
}

/** What the party was seated with (an attended reservation): table, waiter and buffets. */
function ResumenComanda({ comanda: c }: { comanda: NonNullable<Esquema<'Reservacion'>['comanda']> }) {
  // Regular buffet Adulto and Niño; after 7 pm Caballero, Dama and Niño.
  const buffets = c.buffet.afterSeven
    ? [
        ['Caballero', c.buffet.adulto],
        ['Dama', c.buffet.dama],
        ['Niño', c.buffet.nino],
      ]
    : [
        ['Adulto', c.buffet.adulto],
        ['Niño', c.buffet.nino],
      ];
  return (
    <section aria-labelledby="titulo-comanda" className="mt-1 rounded-xl bg-stone-50 px-4 py-3" data-testid="resumen-comanda">
      <h3 id="titulo-comanda" className="text-xs font-medium tracking-wide text-stone-500 uppercase">
        Comanda
      </h3>
      <p className="mt-1 text-sm text-stone-800">
        Mesa {c.mesa} · {c.mesero.name} · {textoPersonas(c.no_personas)}
      </p>
      <p className="mt-0.5 text-sm text-stone-600">
        {buffets.map(([nombre, n]) => `${nombre}: ${n}`).join(' · ')}
      </p>
    </section>
  );
}

function Cargando() {
  return (
    <div className="space-y-6 p-6" role="status" aria-busy="true" aria-label="Cargando reservación">
      <Esqueleto className="h-7 w-56" />
      <Esqueleto className="h-4 w-40" />
      <div className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="space-y-2">
            <Esqueleto className="h-3 w-20" />
            <Esqueleto className="h-4 w-36" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The selected reservation in full, with the actions the user's role allows. */
export function DetalleReservacion({ id }: { id: string }) {
  const { usuario } = useSesion();
  const consulta = useReservacion(id);
  const horario = useHorarioSucursal(consulta.data?.tag_sucursal ?? null) ?? null;
  const [dialogo, setDialogo] = useState<'cancelar' | 'editar' | 'cliente' | null>(null);

  if (consulta.isPending) return <Cargando />;
  if (consulta.isError) {
    const error = consulta.error;
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-16 text-center" role="alert">
        <ExclamationTriangleIcon aria-hidden className="size-9 text-amber-500" />
        <h2 className="text-lg font-semibold text-stone-900">No se pudo abrir la reservación</h2>
        <p className="max-w-sm text-sm text-stone-600">{error.message}</p>
        {!(error instanceof ApiError && (error.status === 403 || error.status === 404)) && (
          <Button variante="secundario" onClick={() => void consulta.refetch()} cargando={consulta.isFetching}>
            Reintentar
          </Button>
        )}
      </div>
    );
  }

  const r = consulta.data;
  const puedeEditar = tienePermiso(usuario, 'reservacion.edit');
  const veContacto = tienePermiso(usuario, 'reservacion.client');
  const pendiente = r.status === 'Pendiente';
  const origen = datosOrigen(r.origin);
  const tickets = ticketDeReservacion(r);

  return (
    // Laid out by its own width (container queries): beside the list on a tablet it is narrow.
    <article aria-labelledby="nombre-reservacion" className="@container p-5 sm:p-6" data-testid="detalle-reservacion" data-id={r._id}>
      <header className="flex flex-col gap-3 @lg:flex-row @lg:items-start @lg:gap-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="nombre-reservacion" className="text-xl font-bold tracking-tight break-words text-stone-900 sm:text-2xl">
              {r.name}
            </h2>
            <EstadoReservacion status={r.status} className="text-sm" />
            {confirmo(r) && <MarcaConfirmo confirmada={r.confirmada} horario={horario} conHora className="text-sm" />}
          </div>
          <p className="mt-1 text-sm text-stone-500">
            {r.marca.name} · {r.sucursal.name}
            {r.folio !== null && r.folio !== undefined && <> · Folio {r.folio}</>}
          </p>
          <LineaHistorial cliente={r.cliente} className="mt-2" />
        </div>
        {puedeEditar && (
          <div className="flex flex-col gap-2 @sm:flex-row">
            {pendiente && (
              <Button variante="secundario" onClick={() => setDialogo('editar')} className="min-h-11 flex-1 whitespace-nowrap @lg:flex-none">
                <PencilSquareIcon aria-hidden className="size-5" />
                Editar reservación
              </Button>
            )}
            {veContacto && (
              <Button variante="secundario" onClick={() => setDialogo('cliente')} className="min-h-11 flex-1 whitespace-nowrap @lg:flex-none">
                <PencilSquareIcon aria-hidden className="size-5" />
                Editar cliente
              </Button>
            )}
          </div>
        )}
      </header>

      <dl className="mt-5 grid divide-y divide-stone-100 border-y border-stone-100 @lg:grid-cols-2 @lg:gap-x-8 @lg:divide-y-0">
        <Dato icono={<CalendarIcon className="size-5" />} titulo="Fecha">
          <span data-campo="fecha">
            {fechaLarga(r.fecha_hora)}
          </span>
        </Dato>
        <Dato icono={<ClockIcon className="size-5" />} titulo="Hora">
          <span data-campo="hora">{horaCorta(r.fecha_hora)}</span>
        </Dato>
        <Dato icono={<UserGroupIcon className="size-5" />} titulo="Personas">
          <span data-campo="personas">{textoPersonas(r.no_personas)}</span>
        </Dato>
        <Dato icono={<GiftIcon className="size-5" />} titulo="Evento">
          <span className="inline-flex items-center gap-1.5">
            <span data-campo="evento">{r.evento}</span>
            <span aria-hidden className="inline-flex">
              <IconoEvento evento={r.evento} />
            </span>
          </span>
        </Dato>
        <Dato icono={<IconoOrigen origen={r.origin} className="size-5" />} titulo="Origen">
          <span data-campo="origen">
            {origen.nombre}
            {r.verified.origin_declarado && (
              <span className="ml-1.5 text-xs text-stone-500" title="Lo indicó quien reservó desde la página pública, sin código de afiliado">
                (declarado)
              </span>
            )}
          </span>
        </Dato>
        <Dato icono={<CheckCircleIcon className="size-5" />} titulo="Verificación">
          <span className="flex flex-col gap-0.5" data-campo="verificacion">
            <Verificacion si={r.verified.email_verified} texto="Correo" />
            <Verificacion si={r.verified.phone_verified} texto="Teléfono" />
          </span>
        </Dato>
        {veContacto && (
          <>
            <Dato icono={<EnvelopeIcon className="size-5" />} titulo="Correo electrónico">
              {r.email ? (
                <a href={`mailto:${r.email}`} className="text-primary-800 underline-offset-2 hover:underline" data-campo="email">
                  {r.email}
                </a>
              ) : (
                <span className="text-stone-500" data-campo="email">
                  Sin correo
                </span>
              )}
            </Dato>
            <Dato icono={<PhoneIcon className="size-5" />} titulo="Teléfono">
              {r.phone ? (
                <a href={`tel:+${r.phone}`} className="text-primary-800 tabular-nums underline-offset-2 hover:underline" data-campo="phone">
                  {telefonoLegible(r.phone)}
                </a>
              ) : (
                <span className="text-stone-500" data-campo="phone">
                  Sin teléfono
                </span>
              )}
            </Dato>
          </>
        )}
      </dl>

      <div className="flex gap-3 py-4">
        <ChatBubbleBottomCenterTextIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-stone-400" />
        <div className="min-w-0 flex-1">
          <h3 className="text-xs font-medium tracking-wide text-stone-500 uppercase">Comentarios</h3>
          <p
            className={`mt-1 text-[0.9375rem] break-words whitespace-pre-line ${r.comentarios.trim() ? 'text-stone-900' : 'text-stone-500 italic'}`}
            data-campo="comentarios"
          >
            {r.comentarios.trim() ? r.comentarios : 'Sin comentarios'}
          </p>
        </div>
      </div>

      {r.comanda && <ResumenComanda comanda={r.comanda} />}
      {tickets && (
        // Printed again whenever needed: the dialog may have closed before the printer answered.
        <section aria-labelledby="titulo-tickets" className="py-4" data-testid="tickets-reservacion">
          <h3 id="titulo-tickets" className="mb-3 text-xs font-medium tracking-wide text-stone-500 uppercase">
            Tickets
          </h3>
          <TicketsOrden datos={tickets} registro={{ origen: 'reservacion', id: r._id }} />
        </section>
      )}
      <CorreosReservacion id={r._id} />
      <MensajesReservacion id={r._id} />

      {pendiente && puedeEditar && (
        <div className="mt-2 flex justify-end border-t border-stone-100 pt-4">
          <Button variante="peligro-suave" onClick={() => setDialogo('cancelar')} className="min-h-11 w-full @lg:w-auto">
            <XCircleIcon aria-hidden className="size-5" />
            Cancelar reservación
          </Button>
        </div>
      )}

      <CancelarReservacionDialogo reservacion={r} abierto={dialogo === 'cancelar'} alCerrar={() => setDialogo(null)} />
      {dialogo === 'editar' && <EditarReservacionDialogo reservacion={r} alCerrar={() => setDialogo(null)} />}
      {dialogo === 'cliente' && <EditarClienteDialogo reservacion={r} alCerrar={() => setDialogo(null)} />}
    </article>
  );
}
