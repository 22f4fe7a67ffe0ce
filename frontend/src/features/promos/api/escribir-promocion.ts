// The promotions screen's one save: it picks the endpoint (crear-, editar-, borrar-promocion) and
// refreshes every promotion list of the branch, the order forms' active ones included.
import { useQueryClient } from '@tanstack/react-query';
import { claveSucursal } from '@/lib/claves';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import { borrarPromocion } from './borrar-promocion';
import { crearPromocion } from './crear-promocion';
import { editarPromocion } from './editar-promocion';
import type { Esquema } from '@/lib/api-client';

export type EscrituraPromo =
  | { tipo: 'crear'; datos: Esquema<'DatosPromocion'> }
  | { tipo: 'editar'; id: string; datos: Esquema<'DatosPromocion'> }
  | { tipo: 'borrar'; id: string };

/** The server's message, and the promotion as saved (none for a deletion). */
export function escribirPromo(tag: string, e: EscrituraPromo): Promise<{ message: string; data: Esquema<'Promocion'> | null }> {
  switch (e.tipo) {
    case 'crear':
      return crearPromocion(tag, e.datos);
    case 'editar':
      return editarPromocion(e.id, e.datos);
    case 'borrar':
      return borrarPromocion(e.id).then(({ message }) => ({ message, data: null }));
  }
}

export function useEscribirPromo() {
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  const tag = sucursal ?? '';
  return useMutacionUnica({
    mutationFn: (e: EscrituraPromo) => escribirPromo(tag, e),
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: claveSucursal(tag, 'promociones') });
    },
  });
}
