import { useQueryClient } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { useSesion } from '@/lib/use-session';
import { claveNotificaciones } from '@/modulos/notificaciones/api/get-notificaciones';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/** `PUT /v1/admin/notifications/{id}`: a failure is not announced; the list is asked again. */
export function marcarLeida(id: string): Promise<Esquema<'Notificacion'>> {
  return datos(consola.PUT('/api/v1/admin/notifications/{id}', { params: { path: { id } } }), { silencioso: true });
}

/** Marks it read in the bell at once, then on the server. */
export function useMarcarLeida() {
  const { sucursal } = useSesion();
  const queryClient = useQueryClient();
  const clave = claveNotificaciones(sucursal ?? '');
  return useMutacionUnica({
    mutationFn: marcarLeida,
    onMutate: (id) => {
      queryClient.setQueryData<Esquema<'Notificacion'>[]>(clave, (lista) =>
        lista?.map((n) => (n._id === id ? { ...n, isRead: true, isUnRead: false } : n)),
      );
    },
    onSuccess: (leida) => {
      queryClient.setQueryData<Esquema<'Notificacion'>[]>(clave, (lista) => lista?.map((n) => (n._id === leida._id ? leida : n)));
    },
    onError: () => queryClient.invalidateQueries({ queryKey: clave }),
  });
}
