import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import { PlusIcon, QrCodeIcon } from '@heroicons/react/20/solid';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Buscador } from '@/components/ui/Buscador';
import { EstadosLista } from '@/components/ui/EstadosLista';
import { ListaVirtual } from '@/components/ui/ListaVirtual';
import { tienePermiso } from '@/lib/session';
import { useDiferido } from '@/lib/use-diferido';
import { useSesion } from '@/lib/use-session';
import { AsistenciaDialogo } from '@/modulos/asistencia/components/AsistenciaDialogo';
import { useReservaciones, type SlugReservaciones } from '../api/get-reservaciones';
import { ALTO_ITEM, ItemReservacion } from './ItemReservacion';
import { NuevaReservacionDialogo } from './NuevaReservacionDialogo';

/** Spec §2: the search asks the server once typing pauses. */
const PAUSA_BUSQUEDA_MS = 300;

const SIN_ITEMS: never[] = [];

/**
 * The reservations sidebar (spec §2): 325 px wide, a 600 px list that loads pages as it scrolls,
 * a search by name, e-mail or phone answered by the server, and on Hoy the Asistencia and Nueva
 * buttons for the roles that hold them.
 */
export function BarraReservaciones({ slug, seleccionada }: { slug: SlugReservaciones; seleccionada?: string }) {
  const { usuario, sucursal } = useSesion();
  const [texto, setTexto] = useState('');
  const q = useDiferido(texto.trim(), PAUSA_BUSQUEDA_MS);
  const consulta = useReservaciones(slug, q);
  const [dialogo, setDialogo] = useState<'asistencia' | 'nueva' | null>(null);

  const { fetchNextPage } = consulta;
  // Never cancels a page already on its way: scrolling on while it loads must not restart it.
  const siguiente = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const items = useMemo(() => consulta.data?.pages.flatMap((p) => p.items) ?? SIN_ITEMS, [consulta.data]);
  const total = consulta.data?.pages[0]?.total ?? 0;
  const indice = seleccionada ? items.findIndex((r) => r._id === seleccionada) : -1;
  // Typed but not asked yet, or asked and not answered: the box says it is searching.
  const buscando = texto.trim() !== q || (consulta.isFetching && consulta.isPlaceholderData);

  const asistencia = slug === 'hoy' && tienePermiso(usuario, 'reservacion.asistio');
  const nueva = slug === 'hoy' && tienePermiso(usuario, 'reservacion.create');

  return (
    <section
      aria-label="Lista de reservaciones"
      className="flex w-full shrink-0 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 sm:w-[325px]"
      data-testid="barra-reservaciones"
    >
      <div className="space-y-3 border-b border-stone-100 p-3">
        {(asistencia || nueva) && (
          <div className="grid grid-cols-2 gap-2">
            {asistencia && (
              <Button variante="secundario" onClick={() => setDialogo('asistencia')} className={`min-h-11 ${nueva ? '' : 'col-span-2'}`}>
                <QrCodeIcon aria-hidden className="size-5 text-primary-700" />
                Asistencia
              </Button>
            )}
            {nueva && (
              <Button onClick={() => setDialogo('nueva')} className={`min-h-11 ${asistencia ? '' : 'col-span-2'}`}>
                <PlusIcon aria-hidden className="size-5" />
                Nueva
              </Button>
            )}
          </div>
        )}
        <Buscador
          valor={texto}
          alCambiar={setTexto}
          etiqueta="Buscar reservación"
          placeholder="Nombre, correo o teléfono"
          buscando={buscando}
        />
        <p className="px-1 text-xs font-medium text-stone-500" aria-live="polite" data-testid="total-reservaciones">
          {consulta.isSuccess ? (total === 1 ? '1 reservación' : `${total.toLocaleString('es-MX')} reservaciones`) : '\u00a0'}
        </p>
      </div>

      <div className="h-[600px]">
        <EstadosLista
          cargando={consulta.isPending}
          fallo={consulta.isError && items.length === 0}
          reintentar={() => void consulta.refetch()}
          reintentando={consulta.isFetching}
          altoFila={ALTO_ITEM}
          nombre={{ carga: 'reservaciones', error: 'las reservaciones' }}
          vacio="No hay reservaciones"
          iconoVacio={CalendarDaysIcon}
        >
          {items.length === 0 ? null : (
            <ListaVirtual
              elementos={items}
              altoFila={ALTO_ITEM}
              clave={(r) => r._id}
              etiqueta="Reservaciones"
              hayMas={consulta.hasNextPage}
              cargandoMas={consulta.isFetchingNextPage}
              alFinal={siguiente}
              indiceSeleccionado={indice}
              className="h-full"
              fila={(r) => (
                <ItemReservacion
                  reservacion={r}
                  ruta={`/reservaciones/${slug}/${r._id}`}
                  seleccionada={r._id === seleccionada}
                  conEstado={slug === 'hoy' || slug === 'todas'}
                />
              )}
            />
          )}
        </EstadosLista>
      </div>

      <AsistenciaDialogo abierto={dialogo === 'asistencia'} alCerrar={() => setDialogo(null)} />
      {nueva && sucursal && <NuevaReservacionDialogo abierto={dialogo === 'nueva'} alCerrar={() => setDialogo(null)} tag={sucursal} />}
    </section>
  );
}
