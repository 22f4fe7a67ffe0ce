import { fechaConDia, horaCorta } from '@/lib/formato';
import { Bloque } from '../Aviso';
import type { Esquema } from '../../lib/cliente-api';
import type { Estado } from './use-consulta';

/** The bookable times of one day: radio buttons, so arrows move between them. */
export function Horarios({
  consulta,
  hora,
  alElegir,
  columnas,
  alIrAFecha,
}: {
  consulta: Estado<Esquema<'Disponibilidad'>>;
  hora: string;
  alElegir: (h: string) => void;
  columnas: string;
  /** Moves the form to another date: a full or closed day offers the next one with room. */
  alIrAFecha?: (fecha: string) => void;
}) {
  if (consulta.tipo === 'cargando') {
    return (
      <div role="status" aria-label="Cargando horarios" className={`grid gap-2 ${columnas}`}>
        {Array.from({ length: 8 }, (_, i) => (
          <Bloque key={i} className="h-11" />
        ))}
      </div>
    );
  }
  if (consulta.tipo === 'error') {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800">
        {consulta.mensaje}
      </p>
    );
  }
  const d = consulta.datos;
  if (d.horarios.length === 0) {
    const siguiente = d.siguiente;
    return (
      <div role="status" className="space-y-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900" data-disponibilidad={d.cerrado ? 'cerrado' : 'lleno'}>
        <p>{d.motivo ?? 'Sin horarios disponibles'}</p>
        {siguiente && alIrAFecha ? (
          <button
            type="button"
            onClick={() => alIrAFecha(siguiente)}
            className="inline-flex min-h-11 items-center rounded-lg bg-white px-3 font-semibold text-primary-800 ring-1 ring-amber-300 ring-inset hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
            data-testid="siguiente-dia"
            data-fecha={siguiente}
          >
            Hay lugar el {fechaConDia(siguiente)}: ver horarios
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className={`grid gap-2 ${columnas}`} data-disponibilidad="horarios">
      {d.horarios.map((h) => (
        <label
          key={h}
          className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-1 text-sm whitespace-nowrap font-semibold text-stone-800 tabular-nums ring-1 ring-stone-300 ring-inset hover:bg-stone-50 has-checked:bg-primary-700 has-checked:text-white has-checked:ring-primary-700 has-focus-visible:ring-2 has-focus-visible:ring-primary-600 has-focus-visible:ring-offset-2"
        >
          <input type="radio" name="hora" value={h} checked={hora === h} onChange={() => alElegir(h)} className="sr-only" />
          {horaCorta(h)}
        </label>
      ))}
    </div>
  );
}
