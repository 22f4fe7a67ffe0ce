// The guest book's one save: it picks the endpoint (editar-, fusionar-cliente) and refreshes the
// branch's lists and records of clients.
import { useQueryClient } from '@tanstack/react-query';
import { claveSucursal } from '@/lib/claves';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import { editarCliente } from './editar-cliente';
import { fusionarCliente } from './fusionar-cliente';

export type EscrituraCliente =
  | { tipo: 'editar'; id: string; datos: { name?: string; notas?: string } }
  | { tipo: 'fusionar'; id: string; duplicado: string };

export function escribirCliente(e: EscrituraCliente): Promise<{ message: string }> {
  switch (e.tipo) {
    case 'editar':
      return editarCliente(e.id, e.datos);
    case 'fusionar':
      return fusionarCliente(e.id, e.duplicado);
  }
}

export function useEscribirCliente() {
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  const tag = sucursal ?? '';
  return useMutacionUnica({
    mutationFn: escribirCliente,
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: claveSucursal(tag, 'clientes') });
    },
  });
}
