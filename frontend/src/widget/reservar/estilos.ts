// The booking form's boxes and labels, and how it writes a date.

export const entrada =
  'block w-full min-w-0 rounded-lg border-0 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm ring-1 ring-stone-300 ring-inset placeholder:text-stone-400 focus:ring-2 focus:ring-primary-600 focus:outline-none aria-invalid:ring-red-500 sm:text-sm';
export const etiqueta = 'block text-sm font-medium text-stone-700';

const fmtFecha = new Intl.DateTimeFormat('es-MX', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "sáb, 28 nov" for a YYYY-MM-DD. */
export function fechaTexto(fecha: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fecha);
  return m ? fmtFecha.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))) : fecha;
}
