import { PencilSquareIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Confirmacion } from '@/components/ui/Confirmacion';
import { TABLA } from '@/components/ui/formulario';
import { Insignia } from '@/components/ui/Insignia';
import { Paginacion } from '@/components/ui/Paginacion';
import { BotonIcono, FilaMensaje, FilasCargando, PantallaAdmin, TablaAdmin, ThAcciones, usePuede } from '@/components/ui/PantallaAdmin';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import { useEscribirPromo } from '../api/escribir-promocion';
import { promocionesQueryOptions, usePromociones } from '../api/get-promociones';
import { paginaDe, paginaDeId, PROMOS_POR_PAGINA, textoVigencia, totalPaginas } from '../vigencia';
import { PromoDialogo } from './PromoDialogo';
import type { Esquema } from '@/lib/api-client';

type Abierto = { tipo: 'nueva' } | { tipo: 'editar' | 'borrar'; promo: Esquema<'Promocion'> } | null;

/** How long a promotion just created stays marked in the table. */
const RESALTE_MS = 4000;

/** Whether a promotion applies today, as the server (through core) decided it. */
function EstadoPromo({ promo }: { promo: Esquema<'Promocion'> }) {
  if (!promo.activa) return <Insignia>Apagada</Insignia>;
  return promo.vigente ? <Insignia tono="exito">Vigente hoy</Insignia> : <Insignia tono="aviso">Fuera de vigencia</Insignia>;
}

/** /promos: the branch's promotions, three a page, edited in a dialog. */
export function PromosPantalla() {
  useTitulo('Promociones');
  const lista = usePromociones();
  const borrar = useEscribirPromo();
  const [pagina, setPagina] = useState(1);
  const [abierto, setAbierto] = useState<Abierto>(null);
  const puede = usePuede('promos');
  const { filas, pagina: actual } = paginaDe(lista.data ?? [], pagina);
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  // The promotion just created: three a page in order of name, it may land on any page, so the
  // table turns to its page and marks its row for a moment.
  const [recien, setRecien] = useState<string | null>(null);
  const filaRecien = useRef<HTMLTableRowElement>(null);
  const alCrear = (nueva: Esquema<'Promocion'>) => {
    // The save has refreshed the list before it answers: the cache holds the new one in its place.
    const todas = queryClient.getQueryData(promocionesQueryOptions(sucursal ?? '').queryKey) ?? [];
    const suya = paginaDeId(todas, nueva._id);
    if (suya !== null) setPagina(suya);
    setRecien(nueva._id);
  };
  useEffect(() => {
    if (!recien) return;
    filaRecien.current?.scrollIntoView({ block: 'nearest' });
    const reloj = setTimeout(() => setRecien(null), RESALTE_MS);
    return () => clearTimeout(reloj);
  }, [recien]);
  const vigentes = lista.data?.filter((p) => p.activa && p.vigente).length ?? 0;

  return (
    <PantallaAdmin titulo="Promociones" nuevo={puede.crear && { texto: 'Nueva promoción', alPulsar: () => setAbierto({ tipo: 'nueva' }) }}>
      <TablaAdmin
        etiqueta="Promociones de la sucursal"
        encabezados={
          <>
            <th scope="col" className={TABLA.th}>Promoción</th>
            <th scope="col" className={`${TABLA.th} hidden md:table-cell`}>Vigencia</th>
            <th scope="col" className={TABLA.th}>Hoy</th>
            <ThAcciones />
          </>
        }
      >
        {lista.isPending && <FilasCargando filas={PROMOS_POR_PAGINA} columnas={4} alto="h-10" />}
        {lista.data?.length === 0 && <FilaMensaje columnas={4}>Esta sucursal aún no tiene promociones.</FilaMensaje>}
        {filas.map((p) => (
          <tr
            key={p._id}
            ref={p._id === recien ? filaRecien : undefined}
            className={`${TABLA.fila} transition-colors duration-700 data-recien:bg-amber-50`}
            data-promo={p.name}
            data-recien={p._id === recien || undefined}
          >
            <td className={`${TABLA.td} max-w-md`}>
              <div className="flex flex-wrap items-center gap-x-2 font-medium text-stone-900">
                {p.name}
                {p.pide_nombres && <span className="text-xs font-normal text-stone-500">· pide nombres de festejados</span>}
              </div>
              {p.descripcion && <div className="line-clamp-2 text-xs text-stone-500">{p.descripcion}</div>}
              <div className="text-xs text-stone-500 md:hidden">{textoVigencia(p)}</div>
            </td>
            <td className={`${TABLA.td} hidden md:table-cell`}>{textoVigencia(p)}</td>
            <td className={`${TABLA.td} whitespace-nowrap`} data-campo="estado">
              <EstadoPromo promo={p} />
            </td>
            <td className={`${TABLA.td} text-right whitespace-nowrap`}>
              <div className="inline-flex gap-0.5">
                {puede.editar && (
                  <BotonIcono icono={PencilSquareIcon} titulo="Editar" etiqueta={`Editar ${p.name}`} alPulsar={() => setAbierto({ tipo: 'editar', promo: p })} />
                )}
                {puede.borrar && (
                  <BotonIcono icono={TrashIcon} titulo="Eliminar" etiqueta={`Eliminar ${p.name}`} peligro alPulsar={() => setAbierto({ tipo: 'borrar', promo: p })} />
                )}
              </div>
            </td>
          </tr>
        ))}
      </TablaAdmin>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-500 tabular-nums">
          {lista.data ? `${lista.data.length} ${lista.data.length === 1 ? 'promoción' : 'promociones'}, ${vigentes} ${vigentes === 1 ? 'vigente' : 'vigentes'} hoy` : ''}
        </p>
        <Paginacion pagina={actual} paginas={totalPaginas(lista.data?.length ?? 0)} alCambiar={setPagina} />
      </div>

      {abierto?.tipo === 'nueva' && <PromoDialogo promo={null} alCerrar={() => setAbierto(null)} alCrear={alCrear} />}
      {abierto?.tipo === 'editar' && <PromoDialogo key={abierto.promo._id} promo={abierto.promo} alCerrar={() => setAbierto(null)} />}
      {abierto?.tipo === 'borrar' && (
        <Confirmacion
          abierto
          alCerrar={() => setAbierto(null)}
          titulo="Eliminar promoción"
          descripcion={`${abierto.promo.name} dejará de ofrecerse. Los tickets en los que ya se aplicó no cambian.`}
          confirmar="Eliminar"
          cargando={borrar.isPending}
          alConfirmar={() => borrar.mutate({ tipo: 'borrar', id: abierto.promo._id }, { onSettled: () => setAbierto(null) })}
        />
      )}
    </PantallaAdmin>
  );
}
