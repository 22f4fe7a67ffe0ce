import { SelectorFecha } from '@/components/ui/CampoFecha';
import { fechaConDia, textoPersonas } from '@/lib/formato';
import type { Esquema } from '../../lib/cliente-api';
import { entrada, etiqueta } from './estilos';
import { Horarios } from './Horarios';
import type { Estado } from './use-consulta';

/** What is booked: the date, the party (up to `limite`) and one of the day's free times. */
export function CamposEleccion({
  id,
  sucursal,
  limite,
  fecha,
  alCambiarFecha,
  personas,
  alCambiarPersonas,
  fechaValida,
  disponibilidad,
  hora,
  alElegirHora,
  invalido,
  incrustado,
}: {
  /** The form's id prefix for the boxes' ids. */
  id: string;
  sucursal: Esquema<'SucursalPublica'>;
  limite: number;
  fecha: string;
  alCambiarFecha: (fecha: string) => void;
  personas: number;
  alCambiarPersonas: (personas: number) => void;
  /** The date is a day the branch takes bookings for: only then are its times asked. */
  fechaValida: boolean;
  disponibilidad: Estado<Esquema<'Disponibilidad'>>;
  hora: string;
  alElegirHora: (hora: string) => void;
  invalido: (campo: string) => true | undefined;
  incrustado: boolean;
}) {
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="sr-only">Fecha, personas y horario</legend>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-fecha`} className={etiqueta}>
            Fecha
          </label>
          <SelectorFecha
            id={`${id}-fecha`}
            name="fecha"
            required
            min={sucursal.fecha_min}
            max={sucursal.fecha_max}
            value={fecha}
            invalid={Boolean(invalido('fecha'))}
            onChange={alCambiarFecha}
            className={`${entrada} min-h-11`}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-personas`} className={etiqueta}>
            Personas
          </label>
          <select
            id={`${id}-personas`}
            name="no_personas"
            value={personas}
            aria-invalid={invalido('no_personas')}
            onChange={(e) => alCambiarPersonas(Number(e.target.value))}
            className={entrada}
          >
            {Array.from({ length: limite }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {textoPersonas(n)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset
        className="min-w-0 space-y-1.5"
        aria-invalid={invalido('hora')}
        // Which date and party the times shown answer (a test waits for its own).
        data-consulta={disponibilidad.tipo === 'listo' ? disponibilidad.clave : ''}
      >
        <legend className={etiqueta}>Horario</legend>
        {fechaValida ? (
          <Horarios
            columnas={incrustado ? 'grid-cols-3' : 'grid-cols-3 sm:grid-cols-4'}
            consulta={disponibilidad}
            hora={hora}
            alElegir={alElegirHora}
            alIrAFecha={alCambiarFecha}
          />
        ) : (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
            Elige una fecha entre el {fechaConDia(sucursal.fecha_min)} y el {fechaConDia(sucursal.fecha_max)}.
          </p>
        )}
      </fieldset>
    </fieldset>
  );
}
