// A date box that reads es-MX whatever the browser's language: the date written as the console
// writes one ("27, nov 2026"), typed in any usual way ("27/11/2026", "2026-11-27", "27 nov 2026"),
// or picked from a calendar of the console's own (Monday first, Spanish names; arrows, Page Up and
// Down, Home and End move, Enter chooses, Escape closes). Its value is "YYYY-MM-DD", as the forms
// send it. Plain React, no Headless UI: the booking page uses it too.
import { CalendarDaysIcon, ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/20/solid';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { acotar, dentro, diaSemana, esFecha, leerFechaEscrita, mesDe, semanasDelMes, sumarMeses } from '@/lib/calendario';
import { DIAS, DIAS_CORTOS, diaEn, fechaConAnio, fechaLarga, MESES, sumarDias } from '@/lib/formato';
import { ahora } from '@/lib/reloj';

/** The look of the box when the caller gives none (the console's text boxes). */
const ESTILO =
  'block w-full min-h-11 rounded-lg border-0 bg-white px-3.5 py-2.5 text-base text-stone-900 shadow-sm ring-1 ring-inset ring-stone-300 placeholder:text-stone-400 focus:outline-none focus:ring-2 focus:ring-primary-600 disabled:bg-stone-50 disabled:text-stone-500 aria-invalid:ring-red-500';

const ETIQUETA = 'block text-sm font-medium text-stone-700';

export interface PropsSelectorFecha {
  /** "YYYY-MM-DD", or '' for none. */
  value: string;
  onChange: (fecha: string) => void;
  id?: string;
  name?: string;
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/** The box and its calendar, without a label (the caller's `<label htmlFor={id}>` or `aria-label`). */
export function SelectorFecha({
  value,
  onChange,
  id,
  name,
  min,
  max,
  required,
  disabled,
  invalid,
  className = ESTILO,
  'aria-label': etiqueta,
  'aria-describedby': descrita,
}: PropsSelectorFecha) {
  const propio = useId();
  const idCaja = id ?? `${propio}-caja`;
  const idCalendario = `${propio}-calendario`;
  const raiz = useRef<HTMLDivElement>(null);
  const caja = useRef<HTMLInputElement>(null);
  // While the box has the focus it shows what is typed; otherwise the value, written out.
  const [escrito, setEscrito] = useState<string | null>(null);
  const [abierto, setAbierto] = useState(false);
  const mostrado = escrito ?? (esFecha(value) ? fechaConAnio(value) : value);

  useEffect(() => {
    if (!abierto) return;
    const fuera = (e: PointerEvent) => {
      if (raiz.current && !raiz.current.contains(e.target as Node)) setAbierto(false);
    };
    document.addEventListener('pointerdown', fuera);
    return () => document.removeEventListener('pointerdown', fuera);
  }, [abierto]);

  const elegir = (fecha: string) => {
    onChange(fecha);
    setEscrito(null);
    setAbierto(false);
    caja.current?.focus();
  };

  const alEscribir = (texto: string) => {
    setEscrito(texto);
    if (texto.trim() === '') {
      if (!required) onChange('');
      return;
    }
    // A typed day outside min and max is passed on as a native date box would: the form says why
    // it will not do; the calendar offers only the days within.
    const fecha = leerFechaEscrita(texto);
    if (fecha) onChange(fecha);
  };

  const teclaCaja = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && !abierto) {
      e.preventDefault();
      setAbierto(true);
    } else if (e.key === 'Escape' && abierto) {
      e.preventDefault();
      e.stopPropagation();
      setAbierto(false);
    }
  };

  return (
    <div ref={raiz} className="relative" data-campo-fecha>
      <input
        ref={caja}
        id={idCaja}
        name={name}
        type="text"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-haspopup="dialog"
        aria-expanded={abierto}
        aria-controls={abierto ? idCalendario : undefined}
        aria-label={etiqueta}
        aria-describedby={descrita}
        aria-invalid={invalid || undefined}
        data-valor={value}
        placeholder="DD, mmm AAAA"
        required={required}
        disabled={disabled}
        value={mostrado}
        onChange={(e) => alEscribir(e.target.value)}
        onBlur={() => setEscrito(null)}
        onKeyDown={teclaCaja}
        className={`${className} pr-12 tabular-nums`}
      />
      <button
        type="button"
        tabIndex={-1}
        disabled={disabled}
        aria-label={abierto ? 'Cerrar calendario' : 'Abrir calendario'}
        aria-controls={abierto ? idCalendario : undefined}
        aria-expanded={abierto}
        onClick={() => setAbierto((a) => !a)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-500 hover:text-primary-700 focus:outline-none disabled:opacity-50"
      >
        <CalendarDaysIcon aria-hidden className="size-5" />
      </button>
      {abierto && (
        <Calendario
          id={idCalendario}
          valor={esFecha(value) ? value : null}
          min={min}
          max={max}
          alElegir={elegir}
          alCerrar={() => {
            setAbierto(false);
            caja.current?.focus();
          }}
        />
      )}
    </div>
  );
}

/** The labelled date box of the console's forms. */
export function CampoFecha({ etiqueta, className = '', ...props }: Omit<PropsSelectorFecha, 'className' | 'aria-label'> & { etiqueta: string; className?: string }) {
  const propio = useId();
  const id = props.id ?? propio;
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={id} className={ETIQUETA}>
        {etiqueta}
      </label>
      <SelectorFecha {...props} id={id} />
    </div>
  );
}

/** The month's grid; the focused day moves with the keys and is chosen with Enter. */
export function Calendario({
  id,
  valor,
  min,
  max,
  alElegir,
  alCerrar,
}: {
  id?: string;
  valor: string | null;
  min?: string;
  max?: string;
  alElegir: (fecha: string) => void;
  alCerrar: () => void;
}) {
  const hoy = diaEn(ahora());
  const [enfocada, setEnfocada] = useState(() => acotar(valor ?? hoy, min, max));
  const { anio, mes } = mesDe(enfocada);
  const rejilla = useRef<HTMLTableElement>(null);
  const titulo = `${id ?? 'calendario'}-titulo`;

  // The focused day follows the keys: the button that shows it takes the focus.
  useEffect(() => {
    rejilla.current?.querySelector<HTMLButtonElement>(`button[data-fecha="${enfocada}"]`)?.focus();
  }, [enfocada]);

  const mover = (fecha: string) => setEnfocada(acotar(fecha, min, max));

  const tecla = (e: KeyboardEvent<HTMLElement>) => {
    const pasos: Record<string, () => string> = {
      ArrowLeft: () => sumarDias(enfocada, -1),
      ArrowRight: () => sumarDias(enfocada, 1),
      ArrowUp: () => sumarDias(enfocada, -7),
      ArrowDown: () => sumarDias(enfocada, 7),
      PageUp: () => sumarMeses(enfocada, e.shiftKey ? -12 : -1),
      PageDown: () => sumarMeses(enfocada, e.shiftKey ? 12 : 1),
      Home: () => sumarDias(enfocada, 1 - diaSemana(enfocada)),
      End: () => sumarDias(enfocada, 7 - diaSemana(enfocada)),
    };
    const paso = pasos[e.key];
    if (paso) {
      e.preventDefault();
      mover(paso());
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      alCerrar();
    }
  };

  const mesAnterior = sumarMeses(`${enfocada.slice(0, 8)}01`, -1);
  const mesSiguiente = sumarMeses(`${enfocada.slice(0, 8)}01`, 1);
  const puedeAntes = !min || mesAnterior.slice(0, 7) >= min.slice(0, 7);
  const puedeDespues = !max || mesSiguiente.slice(0, 7) <= max.slice(0, 7);

  return (
    <div
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titulo}
      onKeyDown={tecla}
      className="absolute top-full left-0 z-50 mt-1 w-[21rem] max-w-[calc(100vw-1.5rem)] rounded-xl bg-white p-3 shadow-xl ring-1 ring-stone-900/10"
      data-calendario
    >
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label="Mes anterior"
          disabled={!puedeAntes}
          onClick={() => mover(sumarMeses(enfocada, -1))}
          className="flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 disabled:opacity-30"
        >
          <ChevronLeftIcon aria-hidden className="size-5" />
        </button>
        <h2 id={titulo} className="text-base font-semibold text-stone-900" aria-live="polite">
          {MESES[mes - 1]} {anio}
        </h2>
        <button
          type="button"
          aria-label="Mes siguiente"
          disabled={!puedeDespues}
          onClick={() => mover(sumarMeses(enfocada, 1))}
          className="flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 disabled:opacity-30"
        >
          <ChevronRightIcon aria-hidden className="size-5" />
        </button>
      </div>
      <table ref={rejilla} role="grid" aria-labelledby={titulo} className="mt-2 w-full table-fixed border-collapse">
        <thead>
          <tr>
            {DIAS_CORTOS.map((d, i) => (
              <th key={d} scope="col" abbr={DIAS[i]} className="pb-1 text-center text-xs font-medium text-stone-500">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {semanasDelMes(anio, mes).map((semana) => (
            <tr key={semana[0]}>
              {semana.map((fecha) => {
                const delMes = Number(fecha.slice(5, 7)) === mes;
                const elegida = fecha === valor;
                const valida = dentro(fecha, min, max);
                return (
                  <td key={fecha} className="p-0.5 text-center" aria-selected={elegida} role="gridcell">
                    <button
                      type="button"
                      data-fecha={fecha}
                      tabIndex={fecha === enfocada ? 0 : -1}
                      aria-label={fechaLarga(fecha)}
                      aria-current={fecha === hoy ? 'date' : undefined}
                      aria-disabled={!valida || undefined}
                      onClick={() => (valida ? alElegir(fecha) : mover(fecha))}
                      onKeyDown={(e) => {
                        if ((e.key === 'Enter' || e.key === ' ') && valida) {
                          e.preventDefault();
                          alElegir(fecha);
                        }
                      }}
                      className={`flex h-11 w-full items-center justify-center rounded-lg text-base tabular-nums focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 ${
                        elegida
                          ? 'bg-primary-700 font-semibold text-white'
                          : !valida
                            ? 'text-stone-300 line-through'
                            : delMes
                              ? 'text-stone-900 hover:bg-stone-100'
                              : 'text-stone-400 hover:bg-stone-100'
                      } ${fecha === hoy && !elegida ? 'ring-1 ring-primary-600/50 ring-inset' : ''}`}
                    >
                      {Number(fecha.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

