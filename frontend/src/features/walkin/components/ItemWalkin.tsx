import { UserIcon } from '@heroicons/react/20/solid';
import { Link } from 'react-router';
import { fechaCorta, horaCorta, nombreCorto } from '@/lib/formato';
import type { Esquema } from '@/lib/api-client';

/** One row's height in the list, in pixels: a comfortable finger target on a tablet. */
export const ALTO_ITEM_WALKIN = 64;

/** A walk-in in the sidebar: date, time, name and the comanda's folio; party at the edge. */
export function ItemWalkin({ walkin: w, ruta, seleccionado }: { walkin: Esquema<'Walkin'>; ruta: string; seleccionado: boolean }) {
  return (
    <Link
      to={ruta}
      aria-current={seleccionado ? 'page' : undefined}
      data-walkin={w._id}
      className={`flex h-full items-center gap-3 border-b border-stone-100 px-4 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-inset ${
        seleccionado ? 'bg-primary-50 shadow-[inset_3px_0_0_var(--color-primary-700)]' : 'hover:bg-stone-50 active:bg-stone-100'
      }`}
    >
      <span className="w-[4.75rem] shrink-0 leading-tight">
        <span className="block text-xs font-medium text-stone-500" data-campo="fecha">
          {fechaCorta(w.fecha_hora)}
        </span>
        <span className="block text-sm font-semibold whitespace-nowrap text-stone-900 tabular-nums" data-campo="hora">
          {horaCorta(w.fecha_hora)}
        </span>
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1">
          <span title={w.name} data-campo="nombre" className={`truncate text-[0.9375rem] font-semibold ${seleccionado ? 'text-primary-900' : 'text-stone-900'}`}>
            {nombreCorto(w.name)}
          </span>
          <span className="ml-auto inline-flex shrink-0 items-center gap-0.5 pl-2 text-sm font-semibold text-stone-700 tabular-nums">
            <UserIcon aria-hidden className="size-4 text-stone-400" />
            {w.no_personas}
            <span className="sr-only">{w.no_personas === 1 ? ' persona' : ' personas'}</span>
          </span>
        </span>
        <span className="mt-0.5 block text-xs font-semibold text-stone-500 tabular-nums" data-campo="folio">
          Folio {w.folio}
        </span>
      </span>
    </Link>
  );
}
