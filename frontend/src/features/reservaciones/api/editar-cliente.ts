import { useQueryClient } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { useSesion } from '@/lib/use-session';
import { guardarEnCache } from './cache';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/** `PUT /v1/admin/reservacion/{id}/editclient?tag=`: the guest's name, e-mail and phone. */
export function editarCliente(tag: string, id: string, cambios: Esquema<'EdicionCliente'>): Promise<Esquema<'Reservacion'>> {
  return datos(consola.PUT('/api/v1/admin/reservacion/{id}/editclient', { params: { path: { id }, query: { tag } }, body: cambios }));
}

export function useEditarCliente(id: string) {
  const { sucursal } = useSesion();
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: (datos: Esquema<'EdicionCliente'>) => editarCliente(sucursal ?? '', id, datos),
    onSuccess: (reservacion) => guardarEnCache(queryClient, sucursal ?? '', reservacion),
  });
}
