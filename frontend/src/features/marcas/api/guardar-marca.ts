// The brand dialog's save: a new brand (crear-marca) or its new name (editar-marca).
import { useQueryClient } from '@tanstack/react-query';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { toast } from '@/stores/toasts';
import { crearMarca } from './crear-marca';
import { editarMarca } from './editar-marca';
import { CLAVE_MARCAS } from './get-marcas';

export function useGuardarMarca() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: ({ id, name }: { id: string | null; name: string }) => (id === null ? crearMarca(name) : editarMarca(id, name)),
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: CLAVE_MARCAS });
    },
  });
}
