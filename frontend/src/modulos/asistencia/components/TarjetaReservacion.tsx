import { BuildingStorefrontIcon, CalendarDaysIcon, ChatBubbleBottomCenterTextIcon, SparklesIcon, UserIcon } from '@heroicons/react/20/solid';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { Insignia, type Tono } from '@/components/ui/Insignia';
import { fechaLarga, horaCorta, textoPersonas } from '@/lib/formato';
import { etiquetaEstado } from '@/lib/wasm';
import { LineaHistorial } from '@/modulos/reservaciones/components/HistorialCliente';
import type { Hallazgo } from '../busqueda';
import type { Esquema } from '@/lib/api-client';

const TONOS: Record<Esquema<'Reservacion'>['status'], Tono> = { Pendiente: 'aviso', Asistio: 'exito', Vencido: 'peligro', Cancelada: 'neutro' };

function Fila({ icono: Icono, children }: { icono: typeof UserIcon; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-sm text-stone-700">
      <Icono aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-400" />
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

/** The stub shape: a card with a perforated edge, as a printed ticket. */
function Talon({ children, tono = 'normal' }: { children: ReactNode; tono?: 'normal' | 'aviso' }) {
  return (
    <div className={`@container rounded-xl border-2 border-dashed px-5 py-4 ${tono === 'aviso' ? 'border-amber-300 bg-amber-50/60' : 'border-stone-300 bg-white'}`}>
      {children}
    </div>
  );
}

/** What the lookup found, as a ticket card: the reservation, or another branch's names. */
export function TarjetaReservacion({ hallazgo }: { hallazgo: Hallazgo }) {
  if (hallazgo.tipo === 'otra-sucursal') {
    return (
      <div data-testid="tarjeta-reservacion" data-hallazgo="otra-sucursal">
        <Talon tono="aviso">
          <p className="flex items-center gap-2 text-base font-semibold text-amber-900">
            <ExclamationTriangleIcon aria-hidden className="size-5" />
            Reservación de otra sucursal
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-xs font-medium tracking-wide text-amber-800/80 uppercase">Marca</dt>
              <dd className="font-semibold text-stone-900" data-campo="marca">
                {hallazgo.marca}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-amber-800/80 uppercase">Sucursal</dt>
              <dd className="font-semibold text-stone-900" data-campo="sucursal">
                {hallazgo.sucursal}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-amber-900">La asistencia se registra en esa sucursal.</p>
        </Talon>
      </div>
    );
  }
  const r = hallazgo.reservacion;
  const estado = etiquetaEstado(r.status);
  const otroMomento = hallazgo.tipo === 'otro-momento';
  return (
    <div data-testid="tarjeta-reservacion" data-hallazgo={hallazgo.tipo} data-reservacion={r._id}>
      <Talon tono={otroMomento ? 'aviso' : 'normal'}>
        {otroMomento && (
          <p className="mb-3 flex items-start gap-2 text-sm font-medium text-amber-900" data-campo="motivo">
            <ExclamationTriangleIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600" />
            <span className="min-w-0">{hallazgo.motivo}</span>
          </p>
        )}
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 text-lg font-bold break-words text-stone-900" data-campo="nombre">
            {r.name}
          </p>
          <span data-estado={r.status}>
            <Insignia tono={TONOS[r.status]}>{'ok' in estado ? estado.ok : r.status}</Insignia>
          </span>
        </div>
        <LineaHistorial cliente={r.cliente} className="mt-2" />
        <div className="mt-3 grid gap-2 @sm:grid-cols-2">
          <Fila icono={CalendarDaysIcon}>
            <span>{fechaLarga(r.fecha_hora)}</span> · <span className="whitespace-nowrap">{horaCorta(r.fecha_hora)}</span>
          </Fila>
          <Fila icono={UserIcon}>{textoPersonas(r.no_personas)}</Fila>
          <Fila icono={SparklesIcon}>{r.evento}</Fila>
          <Fila icono={BuildingStorefrontIcon}>
            {r.marca.name} · {r.sucursal.name}
          </Fila>
          <div className="@sm:col-span-2">
            <Fila icono={ChatBubbleBottomCenterTextIcon}>{r.comentarios.trim() || 'Sin comentarios'}</Fila>
          </div>
        </div>
      </Talon>
    </div>
  );
}
