import { UserGroupIcon } from '@heroicons/react/24/outline';
import { PlusIcon } from '@heroicons/react/20/solid';
import { Link } from 'react-router';
import { entero } from '@/lib/formato';
import { BarraLista, useBusquedaLista } from '@/components/layouts/BarraLista';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { useWalkins, type SlugWalkins } from '../api/get-walkins';
import { ALTO_ITEM_WALKIN, ItemWalkin } from './ItemWalkin';

/**
 * The walk-in sidebar: the side list of the tab's walk-ins, "No hay registros" when
 * empty, and the way to register one for the roles that may.
 */
export function BarraWalkins({ slug, seleccionado }: { slug: SlugWalkins; seleccionado?: string }) {
  const { usuario } = useSesion();
  const busqueda = useBusquedaLista();
  const consulta = useWalkins(slug, busqueda.q);

  return (
    <BarraLista
      etiqueta="Lista de walk-ins"
      testid="barra-walkins"
      acciones={
        tienePermiso(usuario, 'walkin.index') && (
          <Link
            to="/walkin/registrar"
            className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-primary-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-offset-2"
          >
            <PlusIcon aria-hidden className="size-5" />
            Registrar walk-in
          </Link>
        )
      }
      busqueda={busqueda}
      buscador={{ etiqueta: 'Buscar walk-in', placeholder: 'Nombre, correo o teléfono' }}
      consulta={consulta}
      textoTotal={(total) => (total === 1 ? '1 registro' : `${entero(total)} registros`)}
      testidTotal="total-walkins"
      altoFila={ALTO_ITEM_WALKIN}
      nombre={{ carga: 'walk-ins', error: 'los walk-ins' }}
      vacio="No hay registros"
      iconoVacio={UserGroupIcon}
      etiquetaLista="Walk-ins"
      seleccionado={seleccionado}
      fila={(w) => <ItemWalkin walkin={w} ruta={`/walkin/${slug}/${w._id}`} seleccionado={w._id === seleccionado} />}
    />
  );
}
