import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/20/solid';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

export interface Pestana {
  ruta: string;
  titulo: string;
  activa: boolean;
}

/**
 * A row of tabs that are links (each tab is its own URL). On a screen too narrow for all of them
 * the row scrolls sideways: the edge that hides tabs fades out and shows an arrow, and the active
 * tab is brought into view.
 */
export function Pestanas({ pestanas, etiqueta }: { pestanas: Pestana[]; etiqueta: string }) {
  const carril = useRef<HTMLDivElement>(null);
  const [ocultas, setOcultas] = useState({ izquierda: false, derecha: false });

  const medir = useCallback(() => {
    const c = carril.current;
    if (!c) return;
    // One pixel of slack: zoomed layouts leave fractions behind.
    const izquierda = c.scrollLeft > 1;
    const derecha = c.scrollLeft + c.clientWidth < c.scrollWidth - 1;
    setOcultas((o) => (o.izquierda === izquierda && o.derecha === derecha ? o : { izquierda, derecha }));
  }, []);

  useEffect(() => {
    const c = carril.current;
    if (!c) return;
    medir();
    const observador = new ResizeObserver(medir);
    observador.observe(c);
    return () => observador.disconnect();
  }, [medir]);

  const activa = pestanas.find((p) => p.activa)?.ruta;
  useEffect(() => {
    const c = carril.current;
    const tab = c?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!c || !tab) return;
    const fuera = tab.offsetLeft < c.scrollLeft || tab.offsetLeft + tab.offsetWidth > c.scrollLeft + c.clientWidth;
    if (fuera) c.scrollTo({ left: tab.offsetLeft - 24 });
    medir();
  }, [activa, medir]);

  const desplazar = (sentido: 1 | -1) => {
    const c = carril.current;
    c?.scrollBy({ left: sentido * c.clientWidth * 0.6, behavior: 'smooth' });
  };

  return (
    <nav aria-label={etiqueta} className="relative -mx-4 sm:mx-0">
      <div ref={carril} onScroll={medir} className="overflow-x-auto px-4 [scrollbar-width:none] sm:px-0 [&::-webkit-scrollbar]:hidden">
        <ul className="flex min-w-max gap-1 border-b border-stone-200" role="list">
          {pestanas.map((p) => (
            <li key={p.ruta}>
              <Link
                to={p.ruta}
                aria-current={p.activa ? 'page' : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold whitespace-nowrap transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-inset ${
                  p.activa ? 'border-primary-700 text-primary-800' : 'border-transparent text-stone-500 hover:border-stone-300 hover:text-stone-800'
                }`}
              >
                {p.titulo}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {/* The cue: a fade over the hidden side with an arrow that scrolls it in (mouse and touch alike). */}
      {ocultas.izquierda && (
        <div className="pointer-events-none absolute inset-y-0 left-0 flex w-14 items-center bg-linear-to-r from-stone-50 via-stone-50/90 to-transparent" data-testid="pestanas-mas-izquierda">
          <button
            type="button"
            tabIndex={-1}
            aria-hidden
            onClick={() => desplazar(-1)}
            className="pointer-events-auto grid size-9 place-items-center rounded-full text-stone-600 hover:bg-stone-200/70"
          >
            <ChevronLeftIcon className="size-5" />
          </button>
        </div>
      )}
      {ocultas.derecha && (
        <div className="pointer-events-none absolute inset-y-0 right-0 flex w-14 items-center justify-end bg-linear-to-l from-stone-50 via-stone-50/90 to-transparent" data-testid="pestanas-mas-derecha">
          <button
            type="button"
            tabIndex={-1}
            aria-hidden
            onClick={() => desplazar(1)}
            className="pointer-events-auto grid size-9 place-items-center rounded-full text-stone-600 hover:bg-stone-200/70"
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      )}
    </nav>
  );
}
