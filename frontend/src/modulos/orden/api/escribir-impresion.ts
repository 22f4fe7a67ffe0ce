// The print step's two actions: "Reintentar" a ticket that failed or expired, and "Reimprimir"
// a copy (marked REIMPRESIÓN on paper, and in the record's log). Each is saved once, whatever
// the fingers do (one key per action); the status is read again, and every console of the
// branch hears of it through the live stream.
import { useQueryClient } from '@tanstack/react-query';
import { apiConMensaje } from '@/lib/api-client';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import { claveImpresiones, rutaImpresion, type Registro } from './get-impresion';

export type EscrituraImpresion = { tipo: 'reintentar'; trabajo: string } | { tipo: 'reimprimir'; registro: Registro; ticket: 'comanda' | 'abre' };

/** `POST /v1/admin/impresion/trabajos/{id}/reintentar?tag=` or `POST /v1/admin/impresion/{walkin|reservacion}/{id}/reimprimir?tag=`. */
export function escribirImpresion(tag: string, e: EscrituraImpresion, clave: string): Promise<{ message: string }> {
  return e.tipo === 'reintentar'
    ? apiConMensaje(`/v1/admin/impresion/trabajos/${encodeURIComponent(e.trabajo)}/reintentar`, { method: 'POST', query: { tag }, clave })
    : apiConMensaje(`${rutaImpresion(e.registro)}/reimprimir`, { method: 'POST', query: { tag }, body: { tipo: e.ticket }, clave });
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
