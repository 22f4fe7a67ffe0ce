import { horaCorta } from '@/lib/formato';
import { Bloque } from '../Aviso';
import type { Disponibilidad } from '../api';
import type { Estado } from './use-consulta';

/** The bookable times of one day: radio buttons, so arrows move between them. */
export function Horarios({
  consulta,
  hora,
  alElegir,
  columnas,
}: {
  consulta: Estado<Disponibilidad>;
  hora: string;
  alElegir: (h: string) => void;
  columnas: string;
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
  if (d.cerrado) {
    return (
      <p role="status" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900" data-disponibilidad="cerrado">
        {d.motivo ?? 'Sin horarios disponibles'}
      </p>
    );
  }
  if (d.horarios.length === 0) {
    return (
      <p role="status" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900" data-disponibilidad="lleno">
        {d.motivo ?? 'Sin horarios disponibles'}
      </p>
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
