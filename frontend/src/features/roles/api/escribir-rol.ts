// The roles screen's one save: it picks the endpoint (crear-, editar-, borrar-rol) and refreshes
// the roles and the users lists.
import { useQueryClient } from '@tanstack/react-query';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { CLAVE_ROLES } from '@/modulos/roles/api/get-roles';
import { toast } from '@/stores/toasts';
import { borrarRol } from './borrar-rol';
import { crearRol } from './crear-rol';
import { editarRol } from './editar-rol';
import type { Esquema } from '@/lib/api-client';

type Escritura = { tipo: 'crear'; datos: Esquema<'DatosRol'> } | { tipo: 'editar'; id: string; datos: Esquema<'DatosRol'> } | { tipo: 'borrar'; id: string };

export function escribirRol(e: Escritura): Promise<{ message: string }> {
  if (e.tipo === 'crear') return crearRol(e.datos);
  if (e.tipo === 'editar') return editarRol(e.id, e.datos);
  return borrarRol(e.id);
}

export function useEscribirRol() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: escribirRol,
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: CLAVE_ROLES });
      // The users table shows role names.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'usuarios'] });
    },
  });
}
