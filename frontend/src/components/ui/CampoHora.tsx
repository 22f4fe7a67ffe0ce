// A time box that reads es-MX whatever the browser's language: a list of the day's times in steps
// ("01:00 p.m.", "01:15 p.m." …, as the console writes a time), the tablet's own picker for a
// select. Its value is "HH:MM", as the forms send it; a value off the steps stays offered.
import type { SelectHTMLAttributes } from 'react';
import { horaCorta } from '@/lib/formato';
import { CampoSelect, ESTILO_CAMPO } from './Campo';

/** "HH:MM" from minutes after midnight. */
const hhmm = (minutos: number) => `${String(Math.floor(minutos / 60)).padStart(2, '0')}:${String(minutos % 60).padStart(2, '0')}`;

/**
 * The times offered: every `paso` minutes from midnight to the day's last, and `valor` in its
 * place when it falls between them (a value saved before is never lost). Each as `{ valor, texto }`.
 */
export function opcionesHora(paso: number, valor = ''): { valor: string; texto: string }[] {
  const cada = Math.max(1, Math.min(60, Math.round(paso)));
  const horas = Array.from({ length: Math.ceil(1440 / cada) }, (_, i) => hhmm(i * cada));
  const actual = valor.slice(0, 5);
  if (/^\d{2}:\d{2}$/.test(actual) && !horas.includes(actual)) {
    horas.push(actual);
    horas.sort();
  }
  return horas.map((h) => ({ valor: h, texto: horaCorta(h) }));
}

type PropsSelect = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'>;

/** The time list without a label (a table's cell names it with `aria-label`). */
export function SelectorHora({
  value,
  onChange,
  paso = 15,
  vacia,
  className = ESTILO_CAMPO,
  ...props
}: PropsSelect & { value: string; onChange: (hora: string) => void; paso?: number; vacia?: string }) {
  return (
    <select {...props} value={value.slice(0, 5)} onChange={(e) => onChange(e.target.value)} className={`${className} min-h-11 tabular-nums focus:ring-2 focus:ring-primary-600 focus:outline-none`}>
      {(vacia !== undefined || value === '') && <option value="">{vacia ?? '—'}</option>}
      {opcionesHora(paso, value).map((o) => (
        <option key={o.valor} value={o.valor}>
          {o.texto}
        </option>
      ))}
    </select>
  );
}

/** The labelled time list of the console's forms. */
export function CampoHora({
  etiqueta,
  value,
  onChange,
  paso = 15,
  className,
  invalid,
  name,
  required,
  disabled,
}: {
  etiqueta: string;
  value: string;
  onChange: (hora: string) => void;
  paso?: number;
  className?: string;
  invalid?: boolean;
  name?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <CampoSelect etiqueta={etiqueta} name={name} required={required} disabled={disabled} invalid={invalid} className={className} value={value.slice(0, 5)} onChange={(e) => onChange(e.target.value)}>
      {value === '' && <option value="">—</option>}
      {opcionesHora(paso, value).map((o) => (
        <option key={o.valor} value={o.valor}>
          {o.texto}
        </option>
      ))}
    </CampoSelect>
  );
}
