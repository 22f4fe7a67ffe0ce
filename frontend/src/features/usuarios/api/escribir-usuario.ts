// The users screen's one save: it picks the endpoint (crear-, editar-, desactivar-usuario,
// cambiar-clave), refreshes the lists (a user's role or branches show in them) and announces the
// server's line.
import { useQueryClient } from '@tanstack/react-query';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { CLAVE_ROLES } from '@/modulos/roles/api/get-roles';
import { toast } from '@/stores/toasts';
import { cambiarClave } from './cambiar-clave';
import { crearUsuario } from './crear-usuario';
import { desactivarUsuario } from './desactivar-usuario';
import { editarUsuario } from './editar-usuario';
import { CLAVE_USUARIOS } from './get-usuarios';
import type { Esquema } from '@/lib/api-client';

type Escritura =
  | { tipo: 'crear'; datos: Esquema<'DatosUsuario'> }
  | { tipo: 'editar'; id: string; datos: Esquema<'DatosUsuario'> }
  | { tipo: 'clave'; id: string; password: string }
  | { tipo: 'desactivar'; id: string };

export function escribirUsuario(e: Escritura): Promise<{ message: string }> {
  switch (e.tipo) {
    case 'crear':
      return crearUsuario(e.datos);
    case 'editar':
      return editarUsuario(e.id, e.datos);
    case 'clave':
      return cambiarClave(e.id, e.password);
    case 'desactivar':
      return desactivarUsuario(e.id);
  }
}

export function useEscribirUsuario() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: escribirUsuario,
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: CLAVE_USUARIOS });
      // A role's user count changes with its users.
      await queryClient.invalidateQueries({ queryKey: CLAVE_ROLES });
    },
  });
}
