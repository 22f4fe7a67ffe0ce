import { PencilSquareIcon, PlusIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Confirmacion } from '../../../components/ui/Confirmacion';
import { Esqueleto } from '../../../components/ui/Esqueleto';
import { TABLA } from '../../../components/ui/formulario';
import { tienePermiso } from '../../../lib/session';
import { useSesion } from '../../../lib/use-session';
import { useTitulo } from '../../../lib/use-titulo';
import type { RolAdmin } from '../../../types/api';
import { useEscribirRol, useRoles } from '../api/roles';
import { RolDialogo } from './RolDialogo';

type Abierto = { tipo: 'nuevo' } | { tipo: 'editar' | 'borrar'; rol: RolAdmin } | null;

const iconoAccion =
  'grid size-9 place-items-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600';

/** /roles: the roles, their permission counts and users; the editor opens in a dialog. */
export function RolesPantalla() {
  useTitulo('Roles');
  const { usuario } = useSesion();
  const roles = useRoles();
  const borrar = useEscribirRol();
  const [abierto, setAbierto] = useState<Abierto>(null);
  const puede = { crear: tienePermiso(usuario, 'role.create'), editar: tienePermiso(usuario, 'role.edit'), borrar: tienePermiso(usuario, 'role.delete') };

  return (
    <section aria-labelledby="titulo-pantalla" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="titulo-pantalla" className="text-2xl font-bold tracking-tight text-stone-900">
          Roles
        </h1>
        {puede.crear && (
          <Button onClick={() => setAbierto({ tipo: 'nuevo' })}>
            <PlusIcon aria-hidden className="size-5" />
            Nuevo rol
          </Button>
        )}
      </div>
      <div className={TABLA.marco}>
        <table className={TABLA.tabla}>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className={TABLA.th}>Rol</th>
              <th scope="col" className={`${TABLA.th} text-right`}>Permisos</th>
              <th scope="col" className={`${TABLA.th} text-right`}>Usuarios</th>
              <th scope="col" className={`${TABLA.th} text-right`}>
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {roles.isPending &&
              Array.from({ length: 5 }, (_, i) => (
                <tr key={i}>
                  <td colSpan={4} className={TABLA.td}>
                    <Esqueleto className="h-6 w-full" />
                  </td>
                </tr>
              ))}
            {roles.data?.map((r) => (
              <tr key={r._id} className={TABLA.fila}>
                <td className={`${TABLA.td} font-medium text-stone-900`}>{r.name}</td>
                <td className={`${TABLA.td} text-right tabular-nums`}>{r.permissions.length}</td>
                <td className={`${TABLA.td} text-right tabular-nums`}>{r.usuarios}</td>
                <td className={`${TABLA.td} text-right whitespace-nowrap`}>
                  <div className="inline-flex gap-0.5">
                    {puede.editar && (
                      <button type="button" className={iconoAccion} title="Editar" aria-label={`Editar el rol ${r.name}`} onClick={() => setAbierto({ tipo: 'editar', rol: r })}>
                        <PencilSquareIcon aria-hidden className="size-5" />
                      </button>
                    )}
                    {puede.borrar && (
                      <button type="button" className={`${iconoAccion} hover:bg-red-50 hover:text-red-700`} title="Eliminar" aria-label={`Eliminar el rol ${r.name}`} onClick={() => setAbierto({ tipo: 'borrar', rol: r })}>
                        <TrashIcon aria-hidden className="size-5" />
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {abierto?.tipo === 'nuevo' && <RolDialogo rol={null} alCerrar={() => setAbierto(null)} />}
      {abierto?.tipo === 'editar' && <RolDialogo key={abierto.rol._id} rol={abierto.rol} alCerrar={() => setAbierto(null)} />}
      {abierto?.tipo === 'borrar' && (
        <Confirmacion
          abierto
          alCerrar={() => setAbierto(null)}
          titulo="Eliminar rol"
          descripcion={`Se eliminará el rol ${abierto.rol.name}. Esta acción no se puede deshacer.`}
          confirmar="Eliminar"
          cargando={borrar.isPending}
          alConfirmar={() => borrar.mutate({ tipo: 'borrar', id: abierto.rol._id }, { onSettled: () => setAbierto(null) })}
        />
      )}
    </section>
  );
}
