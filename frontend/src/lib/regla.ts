// How a core rule's answer reaches the screens, for every WASM build of the core (the login's and
// the signed-in screens'): a refusal becomes a value, anything else thrown is a bug.
import type { ReglaError } from '../wasm/acceso/anfitrion_wasm.js';

export type { ReglaError };

export type Resultado<T> = { ok: T } | { error: ReglaError };

export function esReglaError(e: unknown): e is ReglaError {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as ReglaError).mensaje === 'string' &&
    typeof (e as ReglaError).codigo === 'string'
  );
}

/**
 * Runs one core rule and turns its thrown refusal into a value, so callers branch instead of
 * catching. Anything thrown that is not a refusal is a bug and keeps propagating.
 */
export function regla<T>(llamada: () => T): Resultado<T> {
  try {
    return { ok: llamada() };
  } catch (e) {
    if (esReglaError(e)) return { error: e };
    throw e;
  }
}
