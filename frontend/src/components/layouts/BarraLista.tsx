import { useCallback, useMemo, useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { Buscador } from '@/components/ui/Buscador';
import { EstadosLista } from '@/components/ui/EstadosLista';
import { ListaVirtual } from '@/components/ui/ListaVirtual';
import { useDiferido } from '@/lib/use-diferido';

/** The search asks the server once typing pauses. */
const PAUSA_BUSQUEDA_MS = 300;

const SIN_ITEMS: never[] = [];

/** What a side list's search box holds, and the text the server is asked for once typing pauses. */
export interface BusquedaLista {
  texto: string;
  setTexto: (texto: string) => void;
  q: string;
}

export function useBusquedaLista(): BusquedaLista {
  const [texto, setTexto] = useState('');
  const q = useDiferido(texto.trim(), PAUSA_BUSQUEDA_MS);
  return { texto, setTexto, q };
}

/** The part of a paged list's query (an infinite query of `{items, total}` pages) a side list reads. */
export interface ConsultaPaginada<T> {
  data?: { pages: readonly { items: readonly T[]; total: number }[] } | undefined;
  isSuccess: boolean;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (opciones: { cancelRefetch: boolean }) => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/**
 * A side list of records (the reservations and walk-ins bars): 325 px wide, the
 * screen's actions, a search by name, e-mail or phone answered by the server, the count, and a
 * 600 px list that loads pages as it scrolls, with its loading, error and empty states.
 */
export function BarraLista<T extends { _id: string }>({
  etiqueta,
  testid,
  acciones,
  busqueda,
  buscador,
  consulta,
  textoTotal,
  testidTotal,
  altoFila,
  nombre,
  vacio,
  iconoVacio,
  etiquetaLista,
  seleccionado,
  fila,
  children,
}: {
  /** The section's accessible name. */
  etiqueta: string;
  testid: string;
  /** Buttons above the search box. */
  acciones?: ReactNode;
  busqueda: BusquedaLista;
  buscador: { etiqueta: string; placeholder: string };
  consulta: ConsultaPaginada<T>;
  textoTotal: (total: number) => string;
  testidTotal: string;
  altoFila: number;
  nombre: { carga: string; error: string };
  vacio: string;
  iconoVacio: ComponentType<SVGProps<SVGSVGElement>>;
  etiquetaLista: string;
  /** The record open beside the list, scrolled into view. */
  seleccionado?: string | undefined;
  fila: (elemento: T) => ReactNode;
  /** What the bar opens (dialogs), after the list. */
  children?: ReactNode;
}) {
  const { texto, setTexto, q } = busqueda;
  const { fetchNextPage } = consulta;
  // Never cancels a page already on its way: scrolling on while it loads must not restart it.
  const siguiente = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const items = useMemo(() => consulta.data?.pages.flatMap((p) => p.items) ?? SIN_ITEMS, [consulta.data]);
  const total = consulta.data?.pages[0]?.total ?? 0;
  const indice = seleccionado ? items.findIndex((e) => e._id === seleccionado) : -1;
  // Typed but not asked yet, or asked and not answered: the box says it is searching.
  const buscando = texto.trim() !== q || (consulta.isFetching && consulta.isPlaceholderData);

  return (
    <section
      aria-label={etiqueta}
      className="flex w-full shrink-0 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 sm:w-[325px]"
      data-testid={testid}
    >
      <div className="space-y-3 border-b border-stone-100 p-3">
        {acciones}
        <Buscador valor={texto} alCambiar={setTexto} etiqueta={buscador.etiqueta} placeholder={buscador.placeholder} buscando={buscando} />
        <p className="px-1 text-xs font-medium text-stone-500" aria-live="polite" data-testid={testidTotal}>
          {consulta.isSuccess ? textoTotal(total) : '\u00a0'}
        </p>
      </div>

      <div className="h-[600px]">
        <EstadosLista
          cargando={consulta.isPending}
          fallo={consulta.isError && items.length === 0}
          reintentar={() => void consulta.refetch()}
          reintentando={consulta.isFetching}
          altoFila={altoFila}
          nombre={nombre}
          vacio={vacio}
          iconoVacio={iconoVacio}
        >
          {items.length === 0 ? null : (
            <ListaVirtual
              elementos={items}
              altoFila={altoFila}
              clave={(e) => e._id}
              etiqueta={etiquetaLista}
              hayMas={consulta.hasNextPage}
              cargandoMas={consulta.isFetchingNextPage}
              alFinal={siguiente}
              indiceSeleccionado={indice}
              className="h-full"
              fila={fila}
            />
          )}
        </EstadosLista>
      </div>

      {children}
    </section>
  );
}
