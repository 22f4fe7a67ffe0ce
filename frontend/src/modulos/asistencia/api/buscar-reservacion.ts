import { consola, datos, type Esquema } from '@/lib/api-client';

/**
 * `POST /v1/admin/reservacion/{id}/check` with `{id, tag, email: null}`: the scanned code (a
 * reservation's QR holds its `_id`). The flow announces a refusal itself, so the client does not.
 */
export function buscarPorCodigo(tag: string, id: string, signal?: AbortSignal): Promise<Esquema<'Reservacion'>> {
  const body: Esquema<'Busqueda'> = { id, tag, email: null };
  return datos(consola.POST('/api/v1/admin/reservacion/{id}/check', { params: { path: { id } }, body, signal }), { silencioso: true });
}

/** `POST /v1/admin/reservacion/check` with `{id: null, tag, email}`: the guest's e-mail. */
export function buscarPorCorreo(tag: string, email: string, signal?: AbortSignal): Promise<Esquema<'Reservacion'>> {
  const body: Esquema<'Busqueda'> = { id: null, tag, email };
  return datos(consola.POST('/api/v1/admin/reservacion/check', { body, signal }), { silencioso: true });
}
