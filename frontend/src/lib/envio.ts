// One request to the API as both the console and the booking page send it: a write carries its
// `Idempotency-Key` (the caller's, one per action, or a new one), and a write whose answer was
// lost (the connection dropped, the tablet changed networks) is sent again with that key, so the
// server answers with what it saved the first time. A read is never repeated behind the caller's
// back. Kept free of the console's stores so the booking page can load it alone.

/** How many times a write whose answer never arrived is sent again, with the same key. */
const REINTENTOS_SIN_RESPUESTA = 2;

/** A new idempotency key: random, so no two actions of any device share one. */
export function nuevaClave(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * `fetch` of `url` with the JSON text `cuerpo`; answers the response, or null when no answer came
 * (the caller says so in its own words). An abort is rethrown.
 */
export async function enviar(
  url: string,
  { method, headers, cuerpo, signal, clave }: { method: string; headers: Record<string, string>; cuerpo?: string; signal?: AbortSignal; clave?: string },
): Promise<Response | null> {
  const escritura = method !== 'GET';
  const cabeceras = escritura ? { ...headers, 'Idempotency-Key': clave ?? nuevaClave() } : headers;
  for (let intento = 0; ; intento++) {
    try {
      return await fetch(url, { method, headers: cabeceras, body: cuerpo, signal });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      if (!escritura || intento >= REINTENTOS_SIN_RESPUESTA) return null;
    }
  }
}
