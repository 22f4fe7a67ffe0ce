import { Link } from 'react-router';
import { Buscador } from '@/components/ui/Buscador';
import { TABLA } from '@/components/ui/formulario';
import { Paginacion } from '@/components/ui/Paginacion';
import { FilaMensaje, FilasCargando, paginasDe, PantallaAdmin, TablaAdmin, useBusquedaPaginada } from '@/components/ui/PantallaAdmin';
import { useTitulo } from '@/lib/use-titulo';
import { CLIENTES_POR_PAGINA, useClientes } from '../api/get-clientes';
import { ultimaVisita } from '@/lib/formato';
import { telefonoCliente } from '../visitas';

/** /clientes: the guest book, searched in the server (by name, e-mail or phone) and paged. */
export function ClientesPantalla() {
  useTitulo('Clientes');
  const { texto, q, pagina, setPagina, buscar } = useBusquedaPaginada();
  const lista = useClientes(q, pagina);
  const paginas = paginasDe(lista.data, CLIENTES_POR_PAGINA);
  const conContacto = lista.data?.items.some((c) => Boolean(c.email || c.phone)) ?? false;
  const columnas = conContacto ? 5 : 4;

  return (
    <PantallaAdmin titulo="Clientes">
      <div className="max-w-md">
        <Buscador
          etiqueta="Buscar clientes"
          placeholder="Buscar por nombre, correo o teléfono"
          valor={texto}
          alCambiar={buscar}
          buscando={lista.isFetching && q !== ''}
        />
      </div>
      <TablaAdmin
        etiqueta="Clientes"
        encabezados={
          <>
            <th scope="col" className={TABLA.th}>Nombre</th>
            {conContacto && <th scope="col" className={`${TABLA.th} hidden md:table-cell`}>Contacto</th>}
            <th scope="col" className={`${TABLA.th} text-right`}>Visitas</th>
            <th scope="col" className={TABLA.th}>Última visita</th>
            <th scope="col" className={`${TABLA.th} text-right`}>No-shows</th>
          </>
        }
      >
        {lista.isPending && <FilasCargando filas={8} columnas={columnas} />}
        {lista.data?.items.length === 0 && <FilaMensaje columnas={columnas}>{q ? 'Ningún cliente coincide con la búsqueda.' : 'Aún no hay clientes.'}</FilaMensaje>}
        {lista.data?.items.map((c) => (
          <tr key={c._id} className={`${TABLA.fila} relative`} data-cliente={c._id}>
            <td className={TABLA.td}>
              {/* The whole row opens the record; the name is the one link for keyboards. */}
              <Link to={`/clientes/${encodeURIComponent(c._id)}`} className="font-medium text-stone-900 after:absolute after:inset-0 hover:text-primary-800 focus:outline-none focus-visible:underline">
                {c.name}
              </Link>
              {conContacto && <div className="truncate text-xs text-stone-500 md:hidden">{c.email ?? (c.phone ? telefonoCliente(c.phone).texto : '')}</div>}
            </td>
            {conContacto && (
              <td className={`${TABLA.td} hidden md:table-cell`}>
                <div className="truncate">{c.email ?? ''}</div>
                {c.phone && <div className="text-xs text-stone-500 tabular-nums">{telefonoCliente(c.phone).texto}</div>}
              </td>
            )}
            <td className={`${TABLA.td} text-right tabular-nums`} data-campo="visitas">{c.visitas}</td>
            <td className={`${TABLA.td} whitespace-nowrap tabular-nums`}>{ultimaVisita(c.ultima_visita)}</td>
            <td className={`${TABLA.td} text-right tabular-nums ${c.no_shows > 0 ? 'font-semibold text-red-700' : ''}`} data-campo="no_shows">
              {c.no_shows}
            </td>
          </tr>
        ))}
      </TablaAdmin>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-500 tabular-nums">{lista.data ? `${lista.data.total} ${lista.data.total === 1 ? 'cliente' : 'clientes'}` : ''}</p>
        <Paginacion pagina={pagina} paginas={paginas} alCambiar={setPagina} />
      </div>
    </PantallaAdmin>
  );
}
