import { UserIcon } from '@heroicons/react/20/solid';
import { Link } from 'react-router';
import { IconoOrigen } from '@/components/ui/IconoOrigen';
import { fechaCorta, horaCorta, nombreCorto } from '@/lib/formato';
import type { ConfigHorario } from '@/lib/wasm';
import { confirmo } from '@/modulos/reservaciones/confirmacion';
import { EstadoReservacion } from '@/modulos/reservaciones/components/EstadoReservacion';
import { MarcaConfirmo } from '@/modulos/reservaciones/components/MarcaConfirmo';
import { MarcaRiesgo } from '@/modulos/reservaciones/components/HistorialCliente';
import { MarcaRetraso } from '@/modulos/reservaciones/components/MarcaRetraso';
import { esVerificada, IconoComentario, IconoEvento, MarcaVerificada } from './marcas';
import type { Esquema } from '@/lib/api-client';

/** One row's height in the list, in pixels: a comfortable finger target on a tablet. */
export const ALTO_ITEM = 68;

/**
 * A reservation in the sidebar: date 'DD, MMM', time 'hh:mm a', origin, a tick when
 * e-mail or phone is verified, the name cut to 15 characters, the event and a comment mark. At
 * the right edge the party size, which the host seats by, «Confirmó» on a Pendiente one whose
 * guest confirmed (the time, in the branch's zone of `horario`, is its tooltip), «Retrasada N min»
 * on one past its time (`retraso`, whole minutes), and — in a tab that mixes them — the status of
 * any that is no longer Pendiente.
 */
export function ItemReservacion({
  reservacion: r,
  ruta,
  seleccionada,
  conEstado = false,
  horario = null,
  retraso = null,
}: {
  reservacion: Esquema<'Reservacion'>;
  ruta: string;
  seleccionada: boolean;
  conEstado?: boolean;
  horario?: ConfigHorario | null;
  retraso?: number | null;
}) {
  return (
    <Link
      to={ruta}
      aria-current={seleccionada ? 'page' : undefined}
      data-reservacion={r._id}
      className={`group flex h-full items-center gap-3 border-b border-stone-100 px-4 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-inset ${
        seleccionada ? 'bg-primary-50 shadow-[inset_3px_0_0_var(--color-primary-700)]' : 'hover:bg-stone-50 active:bg-stone-100'
      }`}
    >
      <span className="w-[4.75rem] shrink-0 leading-tight">
        <span className="block text-xs font-medium text-stone-500" data-campo="fecha">
          {fechaCorta(r.fecha_hora)}
        </span>
        <span className="block text-sm font-semibold whitespace-nowrap text-stone-900 tabular-nums" data-campo="hora">
          {horaCorta(r.fecha_hora)}
        </span>
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1">
          <span
            title={r.name}
            data-campo="nombre"
            className={`truncate text-[0.9375rem] font-semibold ${seleccionada ? 'text-primary-900' : 'text-stone-900'}`}
          >
            {nombreCorto(r.name)}
          </span>
          {esVerificada(r) && <MarcaVerificada />}
          <span
            className="ml-auto inline-flex shrink-0 items-center gap-0.5 pl-2 text-sm font-semibold text-stone-700 tabular-nums"
            data-campo="personas"
          >
            <UserIcon aria-hidden className="size-4 text-stone-400" />
            {r.no_personas}
            <span className="sr-only">{r.no_personas === 1 ? ' persona' : ' personas'}</span>
          </span>
        </span>
        <span className="mt-1 flex h-5 items-center gap-2">
          <IconoOrigen origen={r.origin} />
          <IconoEvento evento={r.evento} />
          <IconoComentario comentarios={r.comentarios} />
          {(confirmo(r) || retraso !== null || r.cliente?.riesgo_no_show) && (
            <span className="ml-auto flex min-w-0 items-center gap-1">
              <MarcaRiesgo cliente={r.cliente} className="px-2 py-0 text-[0.6875rem]" />
              <MarcaRetraso minutos={retraso} className="px-2 py-0 text-[0.6875rem]" />
              {confirmo(r) && <MarcaConfirmo confirmada={r.confirmada} horario={horario} className="px-2 py-0 text-[0.6875rem]" />}
            </span>
          )}
          {conEstado && r.status !== 'Pendiente' && (
            <span className="ml-auto">
              <EstadoReservacion status={r.status} className="px-2 py-0 text-[0.6875rem]" />
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}
