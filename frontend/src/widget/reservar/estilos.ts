// The booking form's boxes and labels.

export const entrada =
  'block w-full min-w-0 rounded-lg border-0 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm ring-1 ring-stone-300 ring-inset placeholder:text-stone-400 focus:ring-2 focus:ring-primary-600 focus:outline-none aria-invalid:ring-red-500 sm:text-sm';
export const etiqueta = 'block text-sm font-medium text-stone-700';
