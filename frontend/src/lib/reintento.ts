// How long the server asks a client to wait before trying again (a 429 or a 503): the
// `Retry-After` header, in seconds or as an HTTP date, or else the envelope's
// `data.reintentar_en` (seconds). The server sends both; either is enough.

/** Whole seconds to wait, or null when the answer names none. */
export function segundosDeEspera(retryAfter: string | null, data: unknown, ahora: number = Date.now()): number | null {
  const valor = retryAfter?.trim();
  if (valor) {
    if (/^\d+$/.test(valor)) return Number(valor);
    const fecha = Date.parse(valor);
    if (!Number.isNaN(fecha)) return Math.max(0, Math.ceil((fecha - ahora) / 1000));
  }
  if (typeof data === 'object' && data !== null && 'reintentar_en' in data) {
    const s = (data as { reintentar_en: unknown }).reintentar_en;
    if (typeof s === 'number' && Number.isFinite(s) && s >= 0) return Math.ceil(s);
  }
  return null;
}

/** A countdown as people read it, never like a clock time: "45 s", "14 min 43 s", "15 min". */
export function formatoEspera(segundos: number): string {
  const s = Math.max(0, Math.ceil(segundos));
  if (s < 60) return `${s} s`;
  const minutos = Math.floor(s / 60);
  return s % 60 === 0 ? `${minutos} min` : `${minutos} min ${s % 60} s`;
}
