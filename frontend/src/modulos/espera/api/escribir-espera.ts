// The waitlist's three writes: a party written down ("Agregar a la lista"), called ("Avisar":
// "Su mesa está lista" to its phone) and taken off with its reason ("Se fue"). Each is saved once
// (one Idempotency-Key per action and its data, lib/mutacion-unica); the list is read again, and
// every other console of the branch hears of it through the live stream. Seating a party is the
// walk-in's save (`espera_id`), in the walk-in wizard.
import { useQueryClient } from '@tanstack/react-query';
import { conClave, conMensaje, consola, type Esquema } from '@/lib/api-client';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import { claveEspera } from './get-espera';

/** `POST /v1/admin/espera` → 201 with the party in its place and the wait it was quoted. */
export function anotarEspera(solicitud: Esquema<'SolicitudEspera'>, clave: string): Promise<{ data: Esquema<'GrupoEnEspera'>; message: string }> {
  // The dialog shows a refusal under its field: no toast on top of it.
  return conMensaje(consola.POST('/api/v1/admin/espera', { params: { header: conClave(clave) }, body: solicitud }), { silencioso: true });
}

/** `POST /v1/admin/espera/{id}/avisar`: "Su mesa está lista" queued to the party's phone. */
export function avisarEspera(id: string, clave: string): Promise<{ data: Esquema<'GrupoEsperaCambiado'>; message: string }> {
  return conMensaje(consola.POST('/api/v1/admin/espera/{id}/avisar', { params: { path: { id }, header: conClave(clave) } }));
}

/** `POST /v1/admin/espera/{id}/salir` with `{motivo}`: the party leaves the list. */
export function salirEspera(id: string, motivo: string, clave: string): Promise<{ data: Esquema<'GrupoEsperaCambiado'>; message: string }> {
  // The dialog shows a refused reason under its box.
  return conMensaje(consola.POST('/api/v1/admin/espera/{id}/salir', { params: { path: { id }, header: conClave(clave) }, body: { motivo } }), { silencioso: true });
}

/** Reads the current branch's list again once a write is answered (either way). */
function useReleer() {
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  return () => queryClient.invalidateQueries({ queryKey: claveEspera(sucursal ?? '') });
}

export function useAnotarEspera() {
  const releer = useReleer();
  return useMutacionUnica({
    mutationFn: (solicitud: Esquema<'SolicitudEspera'>, clave: string) => anotarEspera(solicitud, clave),
    onSettled: releer,
  });
}

export function useAvisarEspera() {
  const releer = useReleer();
  return useMutacionUnica({
    mutationFn: (id: string, clave: string) => avisarEspera(id, clave),
    onSuccess: ({ message }) => toast.exito(message),
    onSettled: releer,
  });
}

export function useSalirEspera() {
  const releer = useReleer();
  return useMutacionUnica({
    mutationFn: ({ id, motivo }: { id: string; motivo: string }, clave: string) => salirEspera(id, motivo, clave),
    onSuccess: ({ message }) => toast.exito(message),
    onSettled: releer,
  });
}
