import { ExclamationTriangleIcon, UserGroupIcon } from '@heroicons/react/24/outline';
import { PlusIcon } from '@heroicons/react/20/solid';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Buscador } from '../../../components/ui/Buscador';
import { Esqueleto } from '../../../components/ui/Esqueleto';
import { ListaVirtual } from '../../../components/ui/ListaVirtual';
import { tienePermiso } from '../../../lib/session';
import { useDiferido } from '../../../lib/use-diferido';
import { useSesion } from '../../../lib/use-session';
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
        {consulta.isPending ? (
          <div aria-busy="true" aria-label="Cargando walk-ins" role="status">
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="flex items-center gap-3 border-b border-stone-100 px-4" style={{ height: ALTO_ITEM_WALKIN }}>
                <div className="w-[4.75rem] space-y-1.5">
                  <Esqueleto className="h-3 w-12" />
                  <Esqueleto className="h-3.5 w-16" />
                </div>
                <div className="flex-1 space-y-2">
                  <Esqueleto className="h-3.5 w-32" />
                  <Esqueleto className="h-3 w-16" />
                </div>
              </div>
            ))}
          </div>
        ) : consulta.isError && items.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center">
            <ExclamationTriangleIcon aria-hidden className="size-8 text-amber-500" />
            <p className="text-sm text-stone-600">No se pudieron cargar los walk-ins.</p>
            <Button variante="secundario" onClick={() => void consulta.refetch()} cargando={consulta.isFetching}>
              Reintentar
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center">
            <UserGroupIcon aria-hidden className="size-9 text-stone-300" />
            <p className="text-sm font-medium text-stone-600">No hay registros</p>
          </div>
        ) : (
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
      </div>
    </section>
  );
}
