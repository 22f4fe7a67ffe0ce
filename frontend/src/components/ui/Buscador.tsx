import { Input } from '@headlessui/react';
import { MagnifyingGlassIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { Spinner } from './Spinner';

/** A search box: magnifier, a clear button once something is typed, a spinner while it searches. */
export function Buscador({
  valor,
  alCambiar,
  etiqueta,
  placeholder,
  buscando = false,
}: {
  valor: string;
  alCambiar: (valor: string) => void;
  /** The accessible name (the placeholder alone is not one). */
  etiqueta: string;
  placeholder?: string;
  buscando?: boolean;
}) {
  return (
    <div className="relative">
      <MagnifyingGlassIcon aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400" />
      <Input
        type="search"
        aria-label={etiqueta}
        placeholder={placeholder}
        value={valor}
        onChange={(e) => alCambiar(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && valor) {
            e.preventDefault();
            alCambiar('');
          }
        }}
        autoComplete="off"
        spellCheck={false}
        className="block h-11 w-full rounded-lg border-0 bg-stone-100 pr-11 pl-10 text-base text-stone-900 placeholder:text-stone-500 focus:bg-white focus:outline-none data-focus:ring-2 data-focus:ring-primary-600 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      <div className="absolute inset-y-0 right-0 flex items-center pr-1">
        {buscando ? (
          <span className="grid size-9 place-items-center text-stone-400" aria-hidden>
            <Spinner />
          </span>
        ) : (
          valor && (
            <button
              type="button"
              onClick={() => alCambiar('')}
              aria-label="Borrar búsqueda"
              className="grid size-9 place-items-center rounded-md text-stone-400 hover:text-stone-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
            >
              <XMarkIcon aria-hidden className="size-5" />
            </button>
          )
        )}
      </div>
    </div>
  );
}
