import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/20/solid';

/** Previous / next with "página N de M"; nothing when everything fits on one page. */
export function Paginacion({ pagina, paginas, alCambiar }: { pagina: number; paginas: number; alCambiar: (pagina: number) => void }) {
  if (paginas <= 1) return null;
  const boton =
    'grid size-10 place-items-center rounded-lg text-stone-600 ring-1 ring-inset ring-stone-300 hover:bg-stone-50 disabled:text-stone-300 disabled:ring-stone-200 disabled:hover:bg-transparent focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600';
  return (
    <nav aria-label="Paginación" className="flex items-center justify-end gap-2">
      <span className="mr-1 text-sm text-stone-600 tabular-nums" aria-live="polite">
        Página {pagina} de {paginas}
      </span>
      <button type="button" className={boton} onClick={() => alCambiar(pagina - 1)} disabled={pagina <= 1} aria-label="Página anterior">
        <ChevronLeftIcon aria-hidden className="size-5" />
      </button>
      <button type="button" className={boton} onClick={() => alCambiar(pagina + 1)} disabled={pagina >= paginas} aria-label="Página siguiente">
        <ChevronRightIcon aria-hidden className="size-5" />
      </button>
    </nav>
  );
}
