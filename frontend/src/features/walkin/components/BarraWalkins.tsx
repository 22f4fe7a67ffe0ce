import { UserGroupIcon } from '@heroicons/react/24/outline';
import { PlusIcon } from '@heroicons/react/20/solid';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Buscador } from '@/components/ui/Buscador';
import { EstadosLista } from '@/components/ui/EstadosLista';
import { ListaVirtual } from '@/components/ui/ListaVirtual';
import { tienePermiso } from '@/lib/session';
import { useDiferido } from '@/lib/use-diferido';
import { useSesion } from '@/lib/use-session';
import { useWalkins, type SlugWalkins } from '../api/get-walkins';
import { ALTO_ITEM_WALKIN, ItemWalkin } from './ItemWalkin';

/** The search asks the server once typing pauses. */
const PAUSA_BUSQUEDA_MS = 300;

const SIN_ITEMS: never[] = [];

/**
 * The walk-in sidebar (spec §2): 325 px wide, a 600 px list loading pages as it scrolls, a
 * search by name, e-mail or phone answered by the server, "No hay registros" when empty.
 */
export function BarraWalkins({ slug, seleccionado }: { slug: SlugWalkins; seleccionado?: string }) {
  const { usuario } = useSesion();
  const [texto, setTexto] = useState('');
  const q = useDiferido(texto.trim(), PAUSA_BUSQUEDA_MS);
  const consulta = useWalkins(slug, q);
  const { fetchNextPage } = consulta;
  const siguiente = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const items = useMemo(() => consulta.data?.pages.flatMap((p) => p.items) ?? SIN_ITEMS, [consulta.data]);
  const total = consulta.data?.pages[0]?.total ?? 0;
  const indice = seleccionado ? items.findIndex((w) => w._id === seleccionado) : -1;
  const buscando = texto.trim() !== q || (consulta.isFetching && consulta.isPlaceholderData);

  return (
    <section
      aria-label="Lista de walk-ins"
      className="flex w-full shrink-0 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 sm:w-[325px]"
      data-testid="barra-walkins"
    >
      <div className="space-y-3 border-b border-stone-100 p-3">
        {tienePermiso(usuario, 'walkin.index') && (
          <Link
            to="/walkin/registrar"
            className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-primary-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-offset-2"
          >
            <PlusIcon aria-hidden className="size-5" />
            Registrar walk-in
          </Link>
        )}
        <Buscador valor={texto} alCambiar={setTexto} etiqueta="Buscar walk-in" placeholder="Nombre, correo o teléfono" buscando={buscando} />
        <p className="px-1 text-xs font-medium text-stone-500" aria-live="polite" data-testid="total-walkins">
          {consulta.isSuccess ? (total === 1 ? '1 registro' : `${total.toLocaleString('es-MX')} registros`) : '\u00a0'}
        </p>
      </div>

      <div className="h-[600px]">
        <EstadosLista
          cargando={consulta.isPending}
          fallo={consulta.isError && items.length === 0}
          reintentar={() => void consulta.refetch()}
          reintentando={consulta.isFetching}
          altoFila={ALTO_ITEM_WALKIN}
          nombre={{ carga: 'walk-ins', error: 'los walk-ins' }}
          vacio="No hay registros"
          iconoVacio={UserGroupIcon}
        >
          {items.length === 0 ? null : (
            <ListaVirtual
              elementos={items}
              altoFila={ALTO_ITEM_WALKIN}
              clave={(w) => w._id}
              etiqueta="Walk-ins"
              hayMas={consulta.hasNextPage}
              cargandoMas={consulta.isFetchingNextPage}
              alFinal={siguiente}
              indiceSeleccionado={indice}
              className="h-full"
              fila={(w) => <ItemWalkin walkin={w} ruta={`/walkin/${slug}/${w._id}`} seleccionado={w._id === seleccionado} />}
            />
          )}
        </EstadosLista>
      </div>
    </section>
  );
}
