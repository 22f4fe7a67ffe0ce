import { ApiError } from '@/lib/api-client';
import { mensajes } from '@/lib/wasm';
import { toast } from '@/stores/toasts';

/** The field a refused save names (the envelope's `data.campo` when core refused it). */
export function campoRechazado(error: unknown): string | null {
  return error instanceof ApiError ? (error.rechazo?.campo ?? null) : null;
}

/**
 * Which step of an order wizard holds the field a refused save names (`data.campo`, a 400 or a
 * 409 alike): the first of `pasos` whose part of the request sent carries that field, or none.
 */
export function pasoDelRechazo<P extends string>(error: unknown, pasos: ReadonlyArray<readonly [P, object]>): P | null {
  const campo = campoRechazado(error);
  if (campo === null) return null;
  return pasos.find(([, enviado]) => campo in enviado)?.[0] ?? null;
}

/** A failed save says so, and the server's reason beside it. */
export function avisarErrorAlGuardar(error: unknown): void {
  toast.error(mensajes().errorAlGuardar);
  const motivo = error instanceof Error ? error.message : '';
  if (motivo && motivo !== mensajes().errorAlGuardar) toast.error(motivo);
}
