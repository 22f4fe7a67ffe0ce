import { PencilSquareIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Confirmacion } from '@/components/ui/Confirmacion';
import { TABLA } from '@/components/ui/formulario';
import { BotonIcono, FilasCargando, PantallaAdmin, TablaAdmin, ThAcciones, usePuede } from '@/components/ui/PantallaAdmin';
import { useTitulo } from '@/lib/use-titulo';
import { useRoles } from '@/modulos/roles/api/get-roles';
import { useEscribirRol } from '../api/escribir-rol';
import { RolDialogo } from './RolDialogo';
import type { Esquema } from '@/lib/api-client';

type Abierto = { tipo: 'nuevo' } | { tipo: 'editar' | 'borrar'; rol: Esquema<'RolAdmin'> } | null;

/** /roles: the roles, their permission counts and users; the editor opens in a dialog. */
export function RolesPantalla() {
  useTitulo('Roles');
  const roles = useRoles();
  const borrar = useEscribirRol();
  const [abierto, setAbierto] = useState<Abierto>(null);
  const puede = usePuede('role');

  return (
    <PantallaAdmin titulo="Roles" nuevo={puede.crear && { texto: 'Nuevo rol', alPulsar: () => setAbierto({ tipo: 'nuevo' }) }}>
      <TablaAdmin
        encabezados={
          <>
            <th scope="col" className={TABLA.th}>Rol</th>
            <th scope="col" className={`${TABLA.th} text-right`}>Permisos</th>
            <th scope="col" className={`${TABLA.th} text-right`}>Usuarios</th>
            <ThAcciones />
          </>
        }
      >
        {roles.isPending && <FilasCargando filas={5} columnas={4} />}
        {roles.data?.map((r) => (
          <tr key={r._id} className={TABLA.fila}>
            <td className={`${TABLA.td} font-medium text-stone-900`}>{r.name}</td>
            <td className={`${TABLA.td} text-right tabular-nums`}>{r.permissions.length}</td>
            <td className={`${TABLA.td} text-right tabular-nums`}>{r.usuarios}</td>
            <td className={`${TABLA.td} text-right whitespace-nowrap`}>
              <div className="inline-flex gap-0.5">
                {puede.editar && (
                  <BotonIcono icono={PencilSquareIcon} titulo="Editar" etiqueta={`Editar el rol ${r.name}`} alPulsar={() => setAbierto({ tipo: 'editar', rol: r })} />
                )}
                {puede.borrar && (
                  <BotonIcono icono={TrashIcon} titulo="Eliminar" etiqueta={`Eliminar el rol ${r.name}`} peligro alPulsar={() => setAbierto({ tipo: 'borrar', rol: r })} />
                )}
              </div>
            </td>
          </tr>
        ))}
      </TablaAdmin>
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
    </PantallaAdmin>
  );
}
