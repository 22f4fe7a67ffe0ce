import { KeyIcon, NoSymbolIcon, PencilSquareIcon, PlusIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Buscador } from '../../../components/ui/Buscador';
import { Button } from '../../../components/ui/Button';
import { Confirmacion } from '../../../components/ui/Confirmacion';
import { Esqueleto } from '../../../components/ui/Esqueleto';
import { TABLA } from '../../../components/ui/formulario';
import { Insignia } from '../../../components/ui/Insignia';
import { Paginacion } from '../../../components/ui/Paginacion';
import { tienePermiso } from '../../../lib/session';
import { useDiferido } from '../../../lib/use-diferido';
import { useSesion } from '../../../lib/use-session';
import { useTitulo } from '../../../lib/use-titulo';
import type { UsuarioAdmin } from '../../../types/api';
import { POR_PAGINA, useEscribirUsuario, useUsuarios } from '../api/usuarios';
import { ClaveDialogo } from './ClaveDialogo';
import { UsuarioDialogo } from './UsuarioDialogo';

type Abierto = { tipo: 'nuevo' } | { tipo: 'editar' | 'clave' | 'desactivar'; usuario: UsuarioAdmin } | null;

const iconoAccion =
  'grid size-9 place-items-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600';

/** /users: staff accounts, searched in the server and paged. */
export function UsuariosPantalla() {
  useTitulo('Usuarios');
  const { usuario: yo } = useSesion();
  const [texto, setTexto] = useState('');
  const q = useDiferido(texto, 300);
  const [pagina, setPagina] = useState(1);
  const [abierto, setAbierto] = useState<Abierto>(null);
  const lista = useUsuarios(q, pagina);
  const desactivar = useEscribirUsuario();
  const puede = { crear: tienePermiso(yo, 'users.create'), editar: tienePermiso(yo, 'users.edit'), borrar: tienePermiso(yo, 'users.delete') };
  const paginas = lista.data ? Math.max(1, Math.ceil(lista.data.total / (lista.data.limit || POR_PAGINA))) : 1;

  return (
    <section aria-labelledby="titulo-pantalla" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="titulo-pantalla" className="text-2xl font-bold tracking-tight text-stone-900">
          Usuarios
        </h1>
        {puede.crear && (
          <Button onClick={() => setAbierto({ tipo: 'nuevo' })}>
            <PlusIcon aria-hidden className="size-5" />
            Nuevo usuario
          </Button>
        )}
      </div>
      <div className="max-w-md">
        <Buscador
          etiqueta="Buscar usuarios"
          placeholder="Buscar por nombre o correo"
          valor={texto}
          alCambiar={(v) => {
            setTexto(v);
            setPagina(1);
          }}
          buscando={lista.isFetching && q !== ''}
        />
      </div>
      <div className={TABLA.marco}>
        <table className={TABLA.tabla}>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className={TABLA.th}>Nombre</th>
              <th scope="col" className={`${TABLA.th} hidden md:table-cell`}>Correo</th>
              <th scope="col" className={TABLA.th}>Rol</th>
              <th scope="col" className={`${TABLA.th} hidden lg:table-cell`}>Sucursales</th>
              <th scope="col" className={TABLA.th}>Estado</th>
              <th scope="col" className={`${TABLA.th} text-right`}>
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {lista.isPending &&
              Array.from({ length: 5 }, (_, i) => (
                <tr key={i}>
                  <td colSpan={6} className={TABLA.td}>
                    <Esqueleto className="h-6 w-full" />
                  </td>
                </tr>
              ))}
            {lista.data?.items.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-10 text-center text-stone-500">
                  {q ? 'Ningún usuario coincide con la búsqueda.' : 'Aún no hay usuarios.'}
                </td>
              </tr>
            )}
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
                        <button type="button" className={iconoAccion} title="Editar" aria-label={`Editar a ${u.name}`} onClick={() => setAbierto({ tipo: 'editar', usuario: u })}>
                          <PencilSquareIcon aria-hidden className="size-5" />
                        </button>
                        <button type="button" className={iconoAccion} title="Cambiar contraseña" aria-label={`Cambiar contraseña de ${u.name}`} onClick={() => setAbierto({ tipo: 'clave', usuario: u })}>
                          <KeyIcon aria-hidden className="size-5" />
                        </button>
                      </>
                    )}
                    {puede.borrar && u.active && (
                      <button type="button" className={`${iconoAccion} hover:bg-red-50 hover:text-red-700`} title="Desactivar" aria-label={`Desactivar a ${u.name}`} onClick={() => setAbierto({ tipo: 'desactivar', usuario: u })}>
                        <NoSymbolIcon aria-hidden className="size-5" />
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-stone-500 tabular-nums">{lista.data ? `${lista.data.total} usuarios` : ''}</p>
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
    </section>
  );
}
