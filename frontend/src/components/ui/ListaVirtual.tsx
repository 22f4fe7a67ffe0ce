import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Spinner } from './Spinner';

/**
 * A windowed list: only the rows in view (and a few around) are in the DOM, so a list of 100 000
 * scrolls like one of ten. Rows have one fixed height. When the last rows come into view and
 * there is more, `alFinal` asks for the next page; a spinner row stands at the end meanwhile.
 * Arrow keys move between rows.
 */
export function ListaVirtual<T>({
  elementos,
  altoFila,
  clave,
  fila,
  etiqueta,
  hayMas = false,
  cargandoMas = false,
  alFinal,
  indiceSeleccionado = -1,
  className = '',
}: {
  elementos: readonly T[];
  altoFila: number;
  clave: (elemento: T) => string;
  fila: (elemento: T, indice: number) => ReactNode;
  etiqueta: string;
  hayMas?: boolean;
  cargandoMas?: boolean;
  alFinal?: () => void;
  /** Scrolled into view when it changes (a record opened from elsewhere). */
  indiceSeleccionado?: number;
  className?: string;
}) {
  const contenedor = useRef<HTMLDivElement>(null);
  const total = elementos.length + (hayMas ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's measurements change inside one object; this component is not memoized, so every render reads them fresh
  const virtual = useVirtualizer({
    count: total,
    getScrollElement: () => contenedor.current,
    estimateSize: () => altoFila,
    overscan: 8,
    getItemKey: (i) => {
      const e = elementos[i];
      return e === undefined ? '__mas__' : clave(e);
    },
  });
  const filas = virtual.getVirtualItems();
  const ultima = filas.at(-1)?.index ?? -1;

  // The next page is asked for a few rows before the end, so a steady scroll never waits.
  useEffect(() => {
    if (hayMas && !cargandoMas && ultima >= elementos.length - 5) alFinal?.();
  }, [ultima, hayMas, cargandoMas, elementos.length, alFinal]);

  useEffect(() => {
    if (indiceSeleccionado >= 0) virtual.scrollToIndex(indiceSeleccionado, { align: 'auto' });
    // Only a change of selection scrolls; the virtualizer object is stable.
  }, [indiceSeleccionado, virtual]);

  function teclas(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Home' && e.key !== 'End') return;
    const actual = (e.target as HTMLElement).closest<HTMLElement>('[data-fila]');
    const desde = actual ? Number(actual.dataset.fila) : -1;
    const destino =
      e.key === 'Home' ? 0 : e.key === 'End' ? elementos.length - 1 : Math.max(0, Math.min(elementos.length - 1, desde + (e.key === 'ArrowDown' ? 1 : -1)));
    if (destino < 0 || destino === desde) return;
    e.preventDefault();
    virtual.scrollToIndex(destino, { align: 'auto' });
    const enfocar = () => {
      const fila = contenedor.current?.querySelector<HTMLElement>(`[data-fila="${destino}"] a, [data-fila="${destino}"] button`);
      fila?.focus();
      return Boolean(fila);
    };
    // A neighbour is already rendered (overscan); a far row only after the scroll renders it.
    if (!enfocar()) requestAnimationFrame(() => requestAnimationFrame(enfocar));
  }

  return (
    <div ref={contenedor} onKeyDown={teclas} className={`overflow-y-auto overscroll-contain ${className}`}>
      <div role="list" aria-label={etiqueta} className="relative w-full" style={{ height: virtual.getTotalSize() }}>
        {filas.map((f) => {
          const elemento = elementos[f.index];
          return (
            <div
              key={f.key}
              role="listitem"
              data-fila={f.index}
              aria-setsize={hayMas ? -1 : elementos.length}
              aria-posinset={f.index + 1}
              className="absolute inset-x-0 top-0"
              style={{ height: f.size, transform: `translateY(${f.start}px)` }}
            >
              {elemento === undefined ? (
                <div className="flex h-full items-center justify-center gap-2 text-sm text-stone-500">
                  <Spinner />
                  Cargando más…
                </div>
              ) : (
                fila(elemento, f.index)
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
