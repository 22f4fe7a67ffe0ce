import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { Insignia } from '@/components/ui/Insignia';
import { ApiError } from '@/lib/api-client';
import { fechaLarga, horaCorta, telefonoLegible, textoPersonas } from '@/lib/formato';
import { useSesion } from '@/lib/use-session';
import { TicketsOrden } from '@/modulos/orden/components/Tickets';
import { ticketDeWalkin } from '@/modulos/orden/orden';
import { useSucursalesUsuario } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { useWalkin } from '../api/get-walkin';

function Dato({ etiqueta, children, campo }: { etiqueta: string; children: ReactNode; campo?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{etiqueta}</dt>
      <dd className="mt-0.5 text-[0.9375rem] font-semibold break-words text-stone-900" data-campo={campo}>
        {children}
      </dd>
    </div>
  );
}

/** One walk-in: who, when, the order, and both tickets to reprint. */
export function DetalleWalkin({ id }: { id: string }) {
  const { sucursal: tag } = useSesion();
  const consulta = useWalkin(id);
  const sucursales = useSucursalesUsuario();
  const sucursal = sucursales.data?.find((s) => s.tag === tag);

  if (consulta.isPending) {
    return (
      <div className="space-y-4 p-6" aria-busy="true" aria-label="Cargando walk-in" role="status">
        <Esqueleto className="h-7 w-56" />
        <Esqueleto className="h-4 w-72" />
        <div className="grid grid-cols-2 gap-4 pt-4 md:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Esqueleto key={i} className="h-10 w-full" />
          ))}
        </div>
      </div>
    );
  }
  if (consulta.isError) {
    const noEsta = consulta.error instanceof ApiError && (consulta.error.status === 404 || consulta.error.status === 403);
    return (
      <div className="flex min-h-[320px] flex-col items-center justify-center gap-3 px-6 text-center">
        <ExclamationTriangleIcon aria-hidden className="size-8 text-amber-500" />
        <p className="text-sm text-stone-600">{noEsta ? 'Este walk-in no existe o es de otra sucursal.' : consulta.error.message}</p>
        {!noEsta && (
          <Button variante="secundario" onClick={() => void consulta.refetch()}>
            Reintentar
          </Button>
        )}
      </div>
    );
  }

  const w = consulta.data;
  const lugar = sucursal?.name ?? null;
  return (
    <article className="space-y-6 p-5 sm:p-6" data-testid="detalle-walkin">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-bold tracking-tight break-words text-stone-900">{w.name}</h2>
          <p className="mt-1 text-sm text-stone-600">
            {fechaLarga(w.fecha_hora)} · {horaCorta(w.fecha_hora)}
          </p>
        </div>
        <Insignia tono="acento" className="px-3 py-1 text-sm">
          <span data-campo="folio">Folio {w.folio}</span>
        </Insignia>
      </header>
      <dl className="grid grid-cols-2 gap-4 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200 md:grid-cols-4">
        <Dato etiqueta="Personas" campo="personas">
          {textoPersonas(w.no_personas)}
        </Dato>
        <Dato etiqueta="Mesa" campo="mesa">
          {w.comanda.mesa}
        </Dato>
        <Dato etiqueta="Mesero">{w.comanda.mesero.name}</Dato>
        <Dato etiqueta="Evento">{w.evento}</Dato>
        {w.email && <Dato etiqueta="Correo electrónico">{w.email}</Dato>}
        {w.phone && <Dato etiqueta="Teléfono">{telefonoLegible(w.phone)}</Dato>}
      </dl>
      <div>
        <h3 className="mb-3 text-sm font-semibold tracking-wide text-stone-500 uppercase">Tickets</h3>
        <TicketsOrden datos={ticketDeWalkin(w, lugar)} registro={{ origen: 'walkin', id: w._id }} />
      </div>
    </article>
  );
}
