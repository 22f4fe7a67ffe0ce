import { useRef, useState } from 'react';
import { nuevaClave } from '../../lib/envio';
import { ErrorPublico } from '../api';

export type Resultado<T> = { ok: true; datos: T } | { ok: false; error: ErrorPublico };

/**
 * A guest's write (confirm, cancel, change) sent once per action: a double tap sends one request
 * (the second answers null), and the action carries one `Idempotency-Key`: `lib/envio.ts` resends
 * it on a lost answer, and a tap again after "no connection" resends the same action with the
 * same key, so the server answers what it did the first time. Any answer from the server ends the
 * action: what is sent next, even the same, is a new one with a new key.
 */
export function useAccion() {
  const [enviando, setEnviando] = useState(false);
  // The state reaches the next tap only after a render; the ref stops a double tap at once.
  const enCurso = useRef(false);
  const intento = useRef<{ firma: string; clave: string } | null>(null);

  async function ejecutar<T>(accion: unknown, mandar: (clave: string) => Promise<T>): Promise<Resultado<T> | null> {
    if (enCurso.current) return null;
    enCurso.current = true;
    setEnviando(true);
    const firma = JSON.stringify(accion);
    if (intento.current?.firma !== firma) intento.current = { firma, clave: nuevaClave() };
    try {
      const datos = await mandar(intento.current.clave);
      intento.current = null;
      return { ok: true, datos };
    } catch (e) {
      // Without an answer the action may have been done: it keeps its key for the next tap.
      if (!(e instanceof ErrorPublico && e.status === 0)) intento.current = null;
      return { ok: false, error: e instanceof ErrorPublico ? e : new ErrorPublico(e instanceof Error ? e.message : String(e), 0) };
    } finally {
      enCurso.current = false;
      setEnviando(false);
    }
  }

  return { enviando, ejecutar };
}

/**
 * A refusal that trying again cannot change (a bad, used or expired link, a reservation no longer
 * pending, a time taken): the page stops offering the action. Others (no connection, too many
 * tries, a server error) may be tried again.
 */
export const esDefinitivo = (e: ErrorPublico) => e.status === 400 || e.status === 404 || e.status === 409 || e.status === 422;
