// The print step's two actions: "Reintentar" a ticket that failed or expired (at every printer
// where it did), and "Reimprimir" a copy (marked REIMPRESIÓN on paper, and in the record's log).
// Each is saved once, whatever the fingers do (one key per action, and per job within it); the
// status is read again, and every console of the branch hears of it through the live stream.
import { useQueryClient } from '@tanstack/react-query';
import { conClave, conMensaje, consola } from '@/lib/api-client';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import { claveImpresiones, type Registro } from './get-impresion';

export type EscrituraImpresion = { tipo: 'reintentar'; trabajos: string[] } | { tipo: 'reimprimir'; registro: Registro; ticket: 'comanda' | 'abre' };

/**
 * `POST /v1/admin/impresion/trabajos/{id}/reintentar?tag=` for each job, or
 * `POST /v1/admin/impresion/{walkin|reservacion}/{id}/reimprimir?tag=`. A key names one write, so
 * each job of one retry carries the action's key with the job's id after it.
 */
export async function escribirImpresion(tag: string, e: EscrituraImpresion, clave: string): Promise<{ message: string }> {
  if (e.tipo === 'reimprimir') {
    const params = { path: e.registro, query: { tag }, header: conClave(clave) };
    return conMensaje(consola.POST('/api/v1/admin/impresion/{origen}/{id}/reimprimir', { params, body: { tipo: e.ticket } }));
  }
  const respuestas = await Promise.all(
    e.trabajos.map((trabajo) => conMensaje(consola.POST('/api/v1/admin/impresion/trabajos/{id}/reintentar', { params: { path: { id: trabajo }, query: { tag }, header: conClave(`${clave}:${trabajo}`) } }))),
  );
  return { message: respuestas[0]?.message ?? '' };
}

export function useEscribirImpresion() {
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  return useMutacionUnica({
    mutationFn: (e: EscrituraImpresion, clave: string) => escribirImpresion(sucursal ?? '', e, clave),
    onSuccess: ({ message }) => toast.exito(message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claveImpresiones(sucursal ?? '') }),
  });
}
