// The waiters screen's one save: it picks the endpoint (crear-, editar-, desactivar-mesero) by
// what changes, and refreshes every waiter list of the branch, the order forms' selector included.
import { useQueryClient } from '@tanstack/react-query';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';
import { claveMeseros } from '@/modulos/meseros/api/get-meseros';
import { toast } from '@/stores/toasts';
import { crearMesero } from './crear-mesero';
import { desactivarMesero } from './desactivar-mesero';
import { editarMesero } from './editar-mesero';

export type EscrituraMesero =
  | { tipo: 'crear'; name: string }
  | { tipo: 'renombrar'; id: string; name: string }
  | { tipo: 'activar'; id: string; activo: boolean };

export function escribirMesero(tag: string, e: EscrituraMesero): Promise<{ message: string }> {
  switch (e.tipo) {
    case 'crear':
      return crearMesero(tag, e.name);
    case 'renombrar':
      return editarMesero(e.id, { name: e.name });
    case 'activar':
      return e.activo ? editarMesero(e.id, { activo: true }) : desactivarMesero(e.id);
  }
}

export function useEscribirMesero() {
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  const tag = sucursal ?? '';
  return useMutacionUnica({
    mutationFn: (e: EscrituraMesero) => escribirMesero(tag, e),
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: claveMeseros(tag) });
    },
  });
}
