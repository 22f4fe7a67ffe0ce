import { ApiError } from '@/lib/api-client';
import { mensajes } from '@/lib/wasm';
import { toast } from '@/stores/toasts';

const PERSONALES = new Set(['name', 'email', 'phone', 'evento']);
const DE_COMANDA = new Set(['no_personas', 'buffet_adulto', 'buffet_boy', 'buffet_promo_adulto', 'buffet_promo_girl', 'buffet_promo_boy', 'mesa', 'mesero_id']);

/** The field a refused save names (the envelope's `data.campo` when core refused it). */
export function campoRechazado(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return null;
  const campo = (error.data as { campo?: unknown }).campo;
  return typeof campo === 'string' ? campo : null;
}

/** Which step of an order wizard holds a field: the personal one, the comanda, or neither. */
export function pasoDelCampo(campo: string | null): 'personal' | 'comanda' | null {
  if (campo === null) return null;
  if (PERSONALES.has(campo)) return 'personal';
  if (DE_COMANDA.has(campo)) return 'comanda';
  return null;
}

/** Spec §8: a failed save says so, and the server's reason beside it. */
export function avisarErrorAlGuardar(error: unknown): void {
  toast.error(mensajes().errorAlGuardar);
  const motivo = error instanceof Error ? error.message : '';
  if (motivo && motivo !== mensajes().errorAlGuardar) toast.error(motivo);
}
