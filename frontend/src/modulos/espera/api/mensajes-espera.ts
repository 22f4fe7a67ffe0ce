// A waiting party's messages by SMS: the conversation (its messages in, the answers out) and the
// host's answer, queued to its phone through the outbox, saved once per action.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { conClave, conMensaje, consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import { claveEspera } from './get-espera';

/** The key of a party's conversation: under its branch's list, so the live `espera` event reads it again. */
export const claveConversacion = (tag: string, id: string) => [...claveSucursal(tag, 'espera'), 'mensajes', id] as const;

/** `GET /v1/admin/espera/{id}/mensajes`: the party's messages and answers, oldest first. */
export function getConversacion(id: string, signal?: AbortSignal): Promise<Esquema<'LineaMensaje'>[]> {
  return datos(consola.GET('/api/v1/admin/espera/{id}/mensajes', { params: { path: { id } }, signal }));
}

export function useConversacion(id: string) {
  const { sucursal } = useSesion();
  return useQuery(queryOptions({ queryKey: claveConversacion(sucursal ?? '', id), queryFn: ({ signal }) => getConversacion(id, signal) }));
}

/** `POST /v1/admin/espera/{id}/mensajes` with `{texto}`: the answer queued to the party's phone. */
export function responderEspera(id: string, texto: string, clave: string): Promise<{ data: Esquema<'GrupoEsperaCambiado'>; message: string }> {
  return conMensaje(consola.POST('/api/v1/admin/espera/{id}/mensajes', { params: { path: { id }, header: conClave(clave) }, body: { texto } }));
}

export function useResponderEspera() {
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  return useMutacionUnica({
    mutationFn: ({ id, texto }: { id: string; texto: string }, clave: string) => responderEspera(id, texto, clave),
    onSuccess: ({ message }) => toast.exito(message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claveEspera(sucursal ?? '') }),
  });
}
