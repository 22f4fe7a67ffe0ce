// What the benchmarks that drive a running server share: a pause, a free local port, and one
// API call in the console's envelope (session token, Idempotency-Key, JSON body).
import net from 'node:net';

export const espera = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on now, for a server to start on. */
export function puertoLibre() {
  return new Promise((listo) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => listo(port));
    });
  });
}

/** One call to `${base}/api${ruta}`: its status and its envelope (null when not JSON). */
export async function llamar(base, ruta, { token, method = 'GET', body, clave } = {}) {
  const r = await fetch(`${base}/api${ruta}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(clave ? { 'Idempotency-Key': clave } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(20_000),
  });
  return { status: r.status, body: await r.json().catch(() => null) };
}
