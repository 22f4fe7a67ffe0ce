// A reservation's messages by SMS (its guest's, and the answers that went out) and staff's answer,
// queued to the guest's phone through the outbox, saved once per action. The live stream's
// `reservaciones` event reads the conversation again (its key is under the branch's reservations).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { conClave, conMensaje, consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';

export const claveMensajes = (tag: string, id: string) => claveSucursal(tag, 'reservaciones', 'mensajes', id);

/** `GET /v1/admin/reservacion/{id}/mensajes`: the conversation, oldest first. */
export function getMensajes(id: string, signal?: AbortSignal): Promise<Esquema<'LineaMensaje'>[]> {
  // A side section: a refusal hides it rather than toasting over the detail.
  return datos(consola.GET('/api/v1/admin/reservacion/{id}/mensajes', { params: { path: { id } }, signal }), { silencioso: true });
}

export function useMensajes(id: string) {
  const { sucursal } = useSesion();
  return useQuery({ queryKey: claveMensajes(sucursal ?? '', id), queryFn: ({ signal }) => getMensajes(id, signal), enabled: id !== '', retry: false });
}

/** `POST /v1/admin/reservacion/{id}/mensajes` with `{texto}`: the answer queued to the guest's phone. */
export function useResponderReservacion(id: string) {
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  return useMutacionUnica({
    mutationFn: (texto: string, clave: string) =>
      conMensaje(consola.POST('/api/v1/admin/reservacion/{id}/mensajes', { params: { path: { id }, header: conClave(clave) }, body: { texto } })),
    onSuccess: ({ message }: { message: string }) => toast.exito(message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claveMensajes(sucursal ?? '', id) }),
  });
}
