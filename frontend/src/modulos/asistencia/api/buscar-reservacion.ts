import { api } from '@/lib/api-client';
import type { Busqueda, Reservacion } from '@/types/api';

/**
 * `POST /v1/admin/reservacion/{id}/check` with `{id, tag, email: null}`: the scanned code (a
 * reservation's QR holds its `_id`). The flow announces a refusal itself, so the client does not.
 */
export function buscarPorCodigo(tag: string, id: string, signal?: AbortSignal): Promise<Reservacion> {
  const body: Busqueda = { id, tag, email: null };
  return api<Reservacion>(`/v1/admin/reservacion/${encodeURIComponent(id)}/check`, { method: 'POST', body, signal, silencioso: true });
}

/** `POST /v1/admin/reservacion/check` with `{id: null, tag, email}`: the guest's e-mail. */
export function buscarPorCorreo(tag: string, email: string, signal?: AbortSignal): Promise<Reservacion> {
  const body: Busqueda = { id: null, tag, email };
  return api<Reservacion>('/v1/admin/reservacion/check', { method: 'POST', body, signal, silencioso: true });
}
