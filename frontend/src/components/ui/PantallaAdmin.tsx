// Pieces the console's admin screens (afiliados, meseros, promos, clientes, roles, usuarios,
// marcas) share: the page with its title and "Nuevo …" button, the back link of a detail page,
// the icon buttons of a table row and the rows a table shows while loading, empty or failed.
import { ArrowLeftIcon, PlusIcon } from '@heroicons/react/20/solid';
import { useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { Link } from 'react-router';
import type { NombrePermiso } from '@/config/permisos';
import { tienePermiso } from '@/lib/session';
import { useDiferido } from '@/lib/use-diferido';
import { useSesion } from '@/lib/use-session';
import { Button } from './Button';
import { Esqueleto } from './Esqueleto';
import { TABLA } from './formulario';

/** An admin screen: a section named by its h1, the optional "Nuevo …" button beside it. */
export function PantallaAdmin({
  titulo,
  descripcion,
  nuevo,
  className = '',
  children,
}: {
  titulo: string;
  descripcion?: string;
  /** The create button, only when the user holds the permission (null/false hides it). */
  nuevo?: { texto: string; alPulsar: () => void } | null | false;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="titulo-pantalla" className={`space-y-4 ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="titulo-pantalla" className="text-2xl font-bold tracking-tight text-stone-900">
            {titulo}
          </h1>
          {descripcion && <p className="text-sm text-stone-500">{descripcion}</p>}
        </div>
        {nuevo && (
          <Button onClick={nuevo.alPulsar}>
            <PlusIcon aria-hidden className="size-5" />
            {nuevo.texto}
          </Button>
        )}
      </div>
      {children}
    </section>
  );
}

/** A resource whose permissions come as `.create`, `.edit` and `.delete` (afiliados, role, users…). */
type RecursoCrud<P = NombrePermiso> = P extends `${infer R}.create` ? (`${R}.edit` | `${R}.delete` extends NombrePermiso ? R : never) : never;

/** What the signed-in user may do with a resource's records: create, edit, delete. */
export function usePuede(recurso: RecursoCrud) {
  const { usuario } = useSesion();
  return {
    crear: tienePermiso(usuario, `${recurso}.create` as NombrePermiso),
    editar: tienePermiso(usuario, `${recurso}.edit` as NombrePermiso),
    borrar: tienePermiso(usuario, `${recurso}.delete` as NombrePermiso),
  };
}

/** An admin list's dense table: its header cells, then its rows. */
export function TablaAdmin({ etiqueta, encabezados, children }: { etiqueta?: string; encabezados: ReactNode; children: ReactNode }) {
  return (
    <div className={TABLA.marco}>
      <table className={TABLA.tabla} aria-label={etiqueta}>
        <thead className="bg-stone-50">
          <tr>{encabezados}</tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}

/** The header cell over a row's icon actions (named for screen readers only). */
export function ThAcciones() {
  return (
    <th scope="col" className={`${TABLA.th} text-right`}>
      <span className="sr-only">Acciones</span>
    </th>
  );
}

/** A detail page's link back to its list. */
export function VolverA({ a, children }: { a: string; children: ReactNode }) {
  return (
    <Link to={a} className="inline-flex min-h-9 items-center gap-1.5 rounded-lg text-sm font-semibold text-primary-800 hover:underline">
      <ArrowLeftIcon aria-hidden className="size-4" />
      {children}
    </Link>
  );
}

/** Class names of a row's square icon action (a button or a link). */
export const ICONO_ACCION =
  'grid size-9 place-items-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600';
const ICONO_PELIGRO = `${ICONO_ACCION} hover:bg-red-50 hover:text-red-700`;

/** A row's icon action: the title shows on hover, the label names the row for screen readers. */
export function BotonIcono({
  icono: Icono,
  titulo,
  etiqueta,
  alPulsar,
  peligro = false,
}: {
  icono: ComponentType<SVGProps<SVGSVGElement>>;
  titulo: string;
  etiqueta: string;
  alPulsar: () => void;
  /** Destructive (delete, deactivate): turns red on hover. */
  peligro?: boolean;
}) {
  return (
    <button type="button" className={peligro ? ICONO_PELIGRO : ICONO_ACCION} title={titulo} aria-label={etiqueta} onClick={alPulsar}>
      <Icono aria-hidden className="size-5" />
    </button>
  );
}

/** The skeleton rows of a table whose data has not arrived. */
export function FilasCargando({ filas, columnas, alto = 'h-6' }: { filas: number; columnas: number; alto?: string }) {
  return Array.from({ length: filas }, (_, i) => (
    <tr key={i}>
      <td colSpan={columnas} className={TABLA.td}>
        <Esqueleto className={`${alto} w-full`} />
      </td>
    </tr>
  ));
}

/** The one row of a table with nothing to list (or whose load failed): a calm centred message. */
export function FilaMensaje({ columnas, children }: { columnas: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columnas} className="px-3 py-10 text-center text-stone-500">
        {children}
      </td>
    </tr>
  );
}

/** A detail page's message instead of its content (not found, failed to load). */
export function AvisoPantalla({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-white px-4 py-10 text-center text-stone-500 shadow-sm ring-1 ring-stone-200">{children}</p>;
}

/**
 * A list searched in the server and paged: the text as typed, the query sent (300 ms after the
 * typing stops) and the page, which goes back to 1 on every new search.
 */
export function useBusquedaPaginada() {
  const [texto, setTexto] = useState('');
  const q = useDiferido(texto, 300);
  const [pagina, setPagina] = useState(1);
  const buscar = (v: string) => {
    setTexto(v);
    setPagina(1);
  };
  return { texto, q, pagina, setPagina, buscar };
}

/** How many pages a server page's total makes (at least one). */
export function paginasDe(datos: { total: number; limit: number } | undefined, porPagina: number): number {
  return datos ? Math.max(1, Math.ceil(datos.total / (datos.limit || porPagina))) : 1;
}
