import { useId, useRef, useState, type FormEvent } from 'react';
import { SelectorFecha } from '@/components/ui/CampoFecha';
import { fechaConDia, horaCorta, textoPersonas } from '../../lib/formato';
import { cambiarReservacion, getDisponibilidad, getSucursal, type Hecho } from '../api';
import type { Esquema } from '../../lib/cliente-api';
import { Bloque } from '../Aviso';
import { Horarios } from '../reservar/Horarios';
import { entrada, etiqueta } from '../reservar/estilos';
import { useConsulta } from '../reservar/use-consulta';
import { cambioInicial, fechaEnRango, opcionesPersonas, validarCambio, type ErrorCambio } from './cambio';
import { Girando, botonPrincipal, botonSecundario } from './piezas';
import { esDefinitivo, type Resultado } from './use-accion';

type Ejecutar = <T>(accion: unknown, mandar: (clave: string) => Promise<T>) => Promise<Resultado<T> | null>;

/**
 * "Cambiar personas u hora": the party (1 to the branch's online limit), a date the branch books
 * and one of that date's free times for that party (the booking's availability), the current
 * time chosen while it is still offered. Checked here in Spanish, then by the server.
 */
export function FormCambio({
  r,
  id,
  token,
  enviando,
  ejecutar,
  alGuardar,
  alRechazo,
  alCerrar,
}: {
  r: Esquema<'ConfirmacionPublica'>;
  id: string;
  token: string;
  enviando: boolean;
  ejecutar: Ejecutar;
  alGuardar: (mensaje: string) => void;
  /** The server refused for good (taken, too late, no longer pending): the page reads it again. */
  alRechazo: () => void;
  alCerrar: () => void;
}) {
  const sucursal = useConsulta<Esquema<'SucursalPublica'>>(r.tag, (s) => getSucursal(r.tag, s));
  const marco = 'space-y-4 rounded-xl p-4 ring-1 ring-stone-200 ring-inset sm:p-5';
  if (sucursal.tipo === 'cargando') {
    return (
      <div role="status" aria-label="Cargando fechas y horarios" className={marco}>
        <Bloque className="h-5 w-48" />
        <div className="grid grid-cols-2 gap-3">
          <Bloque className="h-11" />
          <Bloque className="h-11" />
        </div>
        <Bloque className="h-24" />
      </div>
    );
  }
  if (sucursal.tipo === 'error') {
    return (
      <div className={marco}>
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800">
          {sucursal.mensaje}
        </p>
        <button type="button" onClick={alCerrar} className={botonSecundario}>
          Volver
        </button>
      </div>
    );
  }
  return (
    <Campos
      sucursal={sucursal.datos}
      r={r}
      id={id}
      token={token}
      enviando={enviando}
      ejecutar={ejecutar}
      alGuardar={alGuardar}
      alRechazo={alRechazo}
      alCerrar={alCerrar}
      className={marco}
    />
  );
}

function Campos({
  sucursal,
  r,
  id,
  token,
  enviando,
  ejecutar,
  alGuardar,
  alRechazo,
  alCerrar,
  className,
}: {
  sucursal: Esquema<'SucursalPublica'>;
  r: Esquema<'ConfirmacionPublica'>;
  id: string;
  token: string;
  enviando: boolean;
  ejecutar: Ejecutar;
  alGuardar: (mensaje: string) => void;
  alRechazo: () => void;
  alCerrar: () => void;
  className: string;
}) {
  const uid = useId();
  const formulario = useRef<HTMLFormElement>(null);
  const personasMax = r.personas_max > 0 ? r.personas_max : sucursal.personas_max;
  const [inicial] = useState(() => cambioInicial(r.fecha_hora, r.no_personas, personasMax));
  const [fecha, setFecha] = useState(inicial.fecha);
  const [personas, setPersonas] = useState(inicial.personas);
  const [hora, setHora] = useState(inicial.hora);
  const [vuelta, setVuelta] = useState(0);
  const [error, setError] = useState<ErrorCambio | null>(null);

  const fechaValida = fechaEnRango(fecha, sucursal.fecha_min, sucursal.fecha_max);
  const consulta = `${fecha}|${personas}`;
  const disponibilidad = useConsulta<Esquema<'Disponibilidad'>>(fechaValida ? consulta : null, (s) => getDisponibilidad(r.tag, fecha, personas, s), vuelta);
  // Only the times of this date and party count (an answer for the last ones may still show).
  const horarios = disponibilidad.tipo === 'listo' && disponibilidad.clave === consulta ? disponibilidad.datos.horarios : [];
  const horaElegida = horarios.includes(hora) ? hora : '';
  const invalido = (campo: string) => (error?.campo === campo ? true : undefined);

  function marcar(e: ErrorCambio) {
    setError(e);
    const el = e.campo ? formulario.current?.querySelector<HTMLElement>(`[name="${e.campo}"]:checked, [name="${e.campo}"]`) : null;
    el?.focus();
  }

  async function guardar(ev: FormEvent) {
    ev.preventDefault();
    if (enviando) return;
    const v = validarCambio(
      { fecha, personas, hora: horaElegida },
      { fechaMin: sucursal.fecha_min, fechaMax: sucursal.fecha_max, personasMax, horarios, actual: r },
    );
    if ('error' in v) return marcar(v.error);
    setError(null);
    const hecho = await ejecutar<Hecho>(['cambiar', id, token, v.ok], (clave) => cambiarReservacion(id, { token, ...v.ok }, clave));
    if (!hecho) return;
    if (hecho.ok) return alGuardar(hecho.datos.mensaje);
    const campo = hecho.error.rechazo?.campo;
    if (hecho.error.status === 409) {
      // Taken a moment ago, or too late: the free times are asked again.
      setHora('');
      setVuelta((n) => n + 1);
    }
    marcar({
      mensaje: hecho.error.message,
      campo: campo === 'fecha_hora' || campo === 'fecha' ? 'fecha' : campo === 'no_personas' ? 'no_personas' : hecho.error.status === 409 ? 'hora' : null,
    });
    if (esDefinitivo(hecho.error)) alRechazo();
  }

  return (
    <form ref={formulario} noValidate onSubmit={(e) => void guardar(e)} aria-labelledby={`${uid}-titulo`} className={className} data-testid="form-cambio">
      <div>
        <h3 id={`${uid}-titulo`} className="text-base font-semibold text-stone-900">
          Cambiar personas u hora
        </h3>
        <p className="text-sm text-stone-600" data-testid="cambio-actual">
          Ahora: {textoPersonas(r.no_personas)} · {fechaConDia(r.fecha_hora)} · {horaCorta(r.fecha_hora)}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="min-w-0 space-y-1.5">
          <label htmlFor={`${uid}-personas`} className={etiqueta}>
            Personas
          </label>
          <select
            id={`${uid}-personas`}
            name="no_personas"
            value={personas}
            aria-invalid={invalido('no_personas')}
            onChange={(e) => {
              setPersonas(Number(e.target.value));
              setError(null);
            }}
            className={`${entrada} min-h-11`}
          >
            {opcionesPersonas(personasMax).map((n) => (
              <option key={n} value={n}>
                {textoPersonas(n)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 space-y-1.5">
          <label htmlFor={`${uid}-fecha`} className={etiqueta}>
            Fecha
          </label>
          <SelectorFecha
            id={`${uid}-fecha`}
            name="fecha"
            min={sucursal.fecha_min}
            max={sucursal.fecha_max}
            value={fecha}
            invalid={Boolean(invalido('fecha'))}
            onChange={(v) => {
              setFecha(v);
              setError(null);
            }}
            className={`${entrada} min-h-11`}
          />
        </div>
      </div>
      <fieldset className="min-w-0 space-y-1.5" aria-invalid={invalido('hora')} data-consulta={disponibilidad.tipo === 'listo' ? disponibilidad.clave : ''}>
        <legend className={etiqueta}>Horario</legend>
        {fechaValida ? (
          <Horarios
            columnas="grid-cols-3 sm:grid-cols-4"
            consulta={disponibilidad}
            hora={horaElegida}
            alElegir={(h) => {
              setHora(h);
              setError(null);
            }}
            alIrAFecha={(f) => {
              setFecha(f);
              setError(null);
            }}
          />
        ) : (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
            Elige una fecha entre el {fechaConDia(sucursal.fecha_min)} y el {fechaConDia(sucursal.fecha_max)}.
          </p>
        )}
      </fieldset>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800" data-testid="error-cambio">
          {error.mensaje}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <button type="submit" disabled={enviando} aria-busy={enviando || undefined} className={`${botonPrincipal} sm:w-auto`}>
          {enviando && <Girando claro />}
          {enviando ? 'Guardando…' : 'Guardar cambios'}
        </button>
        <button type="button" onClick={alCerrar} disabled={enviando} className={`${botonSecundario} sm:w-auto`}>
          Volver
        </button>
      </div>
    </form>
  );
}
