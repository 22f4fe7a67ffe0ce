import { Insignia, type Tono } from '@/components/ui/Insignia';
import { etiquetaEstado } from '@/lib/wasm';
import type { Esquema } from '@/lib/api-client';

/** Vencido reads in red; Asistió in green, so an arrival never reads like a no-show. */
const TONOS: Record<Esquema<'Reservacion'>['status'], Tono> = {
  Pendiente: 'aviso',
  Asistio: 'exito',
  Vencido: 'peligro',
  Cancelada: 'neutro',
};

/** The status as staff read it (core's label: Asistio → Asistió, Vencido → No asistió). */
export function EstadoReservacion({ status, className = '' }: { status: Esquema<'Reservacion'>['status']; className?: string }) {
  const etiqueta = etiquetaEstado(status);
  return (
    <span data-estado={status} className="inline-flex">
      <Insignia tono={TONOS[status]} className={className}>
        {'ok' in etiqueta ? etiqueta.ok : status}
      </Insignia>
    </span>
  );
}
