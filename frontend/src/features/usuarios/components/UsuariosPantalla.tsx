import { KeyIcon, NoSymbolIcon, PencilSquareIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { entero } from '@/lib/formato';
import { Buscador } from '@/components/ui/Buscador';
import { Confirmacion } from '@/components/ui/Confirmacion';
import { TABLA } from '@/components/ui/formulario';
import { Insignia } from '@/components/ui/Insignia';
import { Paginacion } from '@/components/ui/Paginacion';
import { BotonIcono, FilaMensaje, FilasCargando, paginasDe, PantallaAdmin, TablaAdmin, ThAcciones, useBusquedaPaginada, usePuede } from '@/components/ui/PantallaAdmin';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import { useEscribirUsuario } from '../api/escribir-usuario';
import { POR_PAGINA, useUsuarios } from '../api/get-usuarios';
import { ClaveDialogo } from './ClaveDialogo';
import { UsuarioDialogo } from './UsuarioDialogo';
import type { Esquema } from '@/lib/api-client';

type Abierto = { tipo: 'nuevo' } | { tipo: 'editar' | 'clave' | 'desactivar'; usuario: Esquema<'UsuarioAdmin'> } | null;

/** /users: staff accounts, searched in the server and paged. */
export function UsuariosPantalla() {
  useTitulo('Usuarios');
  const { texto, q, pagina, setPagina, buscar } = useBusquedaPaginada();
  const [abierto, setAbierto] = useState<Abierto>(null);
  const lista = useUsuarios(q, pagina);
  const desactivar = useEscribirUsuario();
  const puede = usePuede('users');
  // One's own account is never deactivated from here (the server refuses it): no button offers it.
  const yo = useSesion().usuario?._id;
  const paginas = paginasDe(lista.data, POR_PAGINA);

  return (
    <PantallaAdmin titulo="Usuarios" nuevo={puede.crear && { texto: 'Nuevo usuario', alPulsar: () => setAbierto({ tipo: 'nuevo' }) }}>
      <div className="max-w-md">
        <Buscador
          etiqueta="Buscar usuarios"
          placeholder="Buscar por nombre o correo"
          valor={texto}
          alCambiar={buscar}
          buscando={lista.isFetching && q !== ''}
        />
      </div>
      <TablaAdmin
        encabezados={
          <>
            <th scope="col" className={TABLA.th}>Nombre</th>
            <th scope="col" className={`${TABLA.th} hidden md:table-cell`}>Correo</th>
            <th scope="col" className={TABLA.th}>Rol</th>
            <th scope="col" className={`${TABLA.th} hidden lg:table-cell`}>Sucursales</th>
            <th scope="col" className={TABLA.th}>Estado</th>
            <ThAcciones />
          </>
        }
      >
        {lista.isPending && <FilasCargando filas={5} columnas={6} />}
        {lista.data?.items.length === 0 && <FilaMensaje columnas={6}>{q ? 'Ningún usuario coincide con la búsqueda.' : 'Aún no hay usuarios.'}</FilaMensaje>}
        {lista.data?.items.map((u) => (
          <tr key={u._id} className={TABLA.fila}>
            <td className={TABLA.td}>
              <div className="font-medium text-stone-900">{u.name}</div>
              <div className="truncate text-xs text-stone-500 md:hidden">{u.email}</div>
            </td>
            <td className={`${TABLA.td} hidden md:table-cell`}>{u.email}</td>
            <td className={TABLA.td}>{u.role.name}</td>
            <td className={`${TABLA.td} hidden lg:table-cell`}>
              <div className="flex flex-wrap gap-1">
                {u.tags.length === 0 ? <span className="text-stone-400">—</span> : u.tags.map((t) => <Insignia key={t}>{t}</Insignia>)}
              </div>
            </td>
            <td className={TABLA.td}>
              {u.active ? <Insignia tono="exito">Activo</Insignia> : <Insignia tono="neutro">Inactivo</Insignia>}
            </td>
            <td className={`${TABLA.td} text-right whitespace-nowrap`}>
              <div className="inline-flex gap-0.5">
                {puede.editar && (
                  <>
                    <BotonIcono icono={PencilSquareIcon} titulo="Editar" etiqueta={`Editar a ${u.name}`} alPulsar={() => setAbierto({ tipo: 'editar', usuario: u })} />
                    <BotonIcono icono={KeyIcon} titulo="Cambiar contraseña" etiqueta={`Cambiar contraseña de ${u.name}`} alPulsar={() => setAbierto({ tipo: 'clave', usuario: u })} />
                  </>
                )}
                {puede.borrar && u.active && u._id !== yo && (
                  <BotonIcono icono={NoSymbolIcon} titulo="Desactivar" etiqueta={`Desactivar a ${u.name}`} peligro alPulsar={() => setAbierto({ tipo: 'desactivar', usuario: u })} />
                )}
              </div>
            </td>
          </tr>
        ))}
      </TablaAdmin>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-stone-500 tabular-nums">{lista.data ? (lista.data.total === 1 ? '1 usuario' : `${entero(lista.data.total)} usuarios`) : ''}</p>
        <Paginacion pagina={pagina} paginas={paginas} alCambiar={setPagina} />
      </div>

      {abierto?.tipo === 'nuevo' && <UsuarioDialogo usuario={null} abierto alCerrar={() => setAbierto(null)} />}
      {abierto?.tipo === 'editar' && <UsuarioDialogo key={abierto.usuario._id} usuario={abierto.usuario} abierto alCerrar={() => setAbierto(null)} />}
      {abierto?.tipo === 'clave' && <ClaveDialogo usuario={abierto.usuario} alCerrar={() => setAbierto(null)} />}
      {abierto?.tipo === 'desactivar' && (
        <Confirmacion
          abierto
          alCerrar={() => setAbierto(null)}
          titulo="Desactivar usuario"
          descripcion={`${abierto.usuario.name} ya no podrá entrar a la consola y sus sesiones abiertas se cerrarán.`}
          confirmar="Desactivar"
          cargando={desactivar.isPending}
          alConfirmar={() => desactivar.mutate({ tipo: 'desactivar', id: abierto.usuario._id }, { onSettled: () => setAbierto(null) })}
        />
      )}
    </PantallaAdmin>
  );
}
