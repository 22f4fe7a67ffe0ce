// The waitlist's three writes: a party written down ("Agregar a la lista"), called ("Avisar":
// "Su mesa está lista" to its phone) and taken off with its reason ("Se fue"). Each is saved once
// (one Idempotency-Key per action and its data, lib/mutacion-unica); the list is read again, and
// every other console of the branch hears of it through the live stream. Seating a party is the
// walk-in's save (`espera_id`), in the walk-in wizard.
import { useQueryClient } from '@tanstack/react-query';
import { apiConMensaje } from '@/lib/api-client';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import type { GrupoEnEspera, GrupoEsperaCambiado, SolicitudEspera } from '@/types/api';
import { claveEspera } from './get-espera';

/** `POST /v1/admin/espera` → 201 with the party in its place and the wait it was quoted. */
export function anotarEspera(solicitud: SolicitudEspera, clave: string): Promise<{ data: GrupoEnEspera; message: string }> {
  // The dialog shows a refusal under its field: no toast on top of it.
  return apiConMensaje<GrupoEnEspera>('/v1/admin/espera', { method: 'POST', body: solicitud, clave, silencioso: true });
}

/** `POST /v1/admin/espera/{id}/avisar`: "Su mesa está lista" queued to the party's phone. */
export function avisarEspera(id: string, clave: string): Promise<{ data: GrupoEsperaCambiado; message: string }> {
  return apiConMensaje<GrupoEsperaCambiado>(`/v1/admin/espera/${encodeURIComponent(id)}/avisar`, { method: 'POST', clave });
}

/** `POST /v1/admin/espera/{id}/salir` with `{motivo}`: the party leaves the list. */
export function salirEspera(id: string, motivo: string, clave: string): Promise<{ data: GrupoEsperaCambiado; message: string }> {
  // The dialog shows a refused reason under its box.
  return apiConMensaje<GrupoEsperaCambiado>(`/v1/admin/espera/${encodeURIComponent(id)}/salir`, {
    method: 'POST',
    body: { motivo },
    clave,
    silencioso: true,
  });
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
    mutationFn: (solicitud: SolicitudEspera, clave: string) => anotarEspera(solicitud, clave),
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
