// The affiliates screen's one save: it picks the endpoint (crear-, editar-, desactivar-afiliado)
// and refreshes the list and every partner's detail page.
import { useQueryClient } from '@tanstack/react-query';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { toast } from '@/stores/toasts';
import { crearAfiliado } from './crear-afiliado';
import { desactivarAfiliado } from './desactivar-afiliado';
import { editarAfiliado } from './editar-afiliado';
import { CLAVE_AFILIADOS } from './get-afiliados';
import type { Esquema } from '@/lib/api-client';

export type EscrituraAfiliado =
  | { tipo: 'crear'; datos: Omit<Esquema<'Afiliado'>, '_id'> }
  | { tipo: 'editar'; id: string; datos: Omit<Esquema<'Afiliado'>, '_id'> }
  | { tipo: 'desactivar'; id: string };

export function escribirAfiliado(e: EscrituraAfiliado): Promise<{ message: string }> {
  switch (e.tipo) {
    case 'crear':
      return crearAfiliado(e.datos);
    case 'editar':
      return editarAfiliado(e.id, e.datos);
    case 'desactivar':
      return desactivarAfiliado(e.id);
  }
}

export function useEscribirAfiliado() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: escribirAfiliado,
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: CLAVE_AFILIADOS });
      // A detail page shows the partner's name, code and state too.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'sucursal' && q.queryKey[2] === 'afiliados' });
    },
  });
}
