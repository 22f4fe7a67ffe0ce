// What the benchmarks that drive a running server share: a pause, a free local port, one API call
// in the console's envelope (session token, Idempotency-Key, JSON body), and a demo server started,
// stopped and cleaned up after whichever way the run ends.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
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

/** One call; throws with the server's message unless it answers 2xx; answers its `data`. */
export async function api(base, ruta, opciones = {}) {
  const { status, body } = await llamar(base, ruta, opciones);
  if (status < 200 || status > 299) {
    throw new Error(`${opciones.method ?? 'GET'} ${ruta} respondió ${status}: ${body?.message ?? '(sin mensaje)'}`);
  }
  return body.data;
}

/**
 * What a benchmark that starts servers must undo, kept where the cleanup reaches it whichever
 * way the run ends: a thrown error (call `limpiar` in a finally) or Ctrl-C / a kill (the signal
 * handlers installed here), so no server, folder or PostgreSQL database (dropped through `admin`)
 * is left behind.
 */
export function pendientes(admin) {
  const pendiente = { servidores: new Set(), carpetas: new Set(), bases: new Set() };
  function limpiar() {
    for (const p of pendiente.servidores) p.kill('SIGKILL');
    pendiente.servidores.clear();
    for (const nombre of pendiente.bases) {
      try {
        // FORCE: a server just killed may still hold connections the cluster has not reaped.
        execFileSync('psql', [admin, '-q', '-c', `DROP DATABASE IF EXISTS "${nombre}" WITH (FORCE)`], { stdio: 'ignore' });
      } catch {
        // The cluster is gone (make's trap stops a throwaway one), and the database with it.
      }
    }
    pendiente.bases.clear();
    for (const dir of pendiente.carpetas) rmSync(dir, { recursive: true, force: true });
    pendiente.carpetas.clear();
  }
  for (const senal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(senal, () => {
      limpiar();
      process.exit(130);
    });
  }
  return { pendiente, limpiar };
}

/**
 * Starts `bin serve --demo` with `argumentos` on `url` (SQLite or PostgreSQL) on a free port, and
 * waits until /readyz answers; answers `{ proceso, base, registro }`, the last lines of its log
 * in `registro` to say why when it does not come up or a call fails.
 */
export async function iniciarDemo(bin, url, argumentos, pendiente) {
  const puerto = await puertoLibre();
  const args = ['serve', '--demo', '--addr', `127.0.0.1:${puerto}`, '--database-url', url, ...argumentos];
  const proceso = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, RUST_LOG: 'warn' } });
  pendiente.servidores.add(proceso);
  const registro = [];
  proceso.stderr.setEncoding('utf8').on('data', (t) => {
    registro.push(...t.split('\n').filter(Boolean));
    registro.splice(0, Math.max(0, registro.length - 20));
  });
  let salio = null;
  proceso.once('exit', (codigo, senal) => (salio = senal ?? codigo));
  const base = `http://127.0.0.1:${puerto}`;
  for (let i = 0; i < 600 && salio === null; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { proceso, base, registro };
    } catch {
      // Not listening yet.
    }
    await espera(100);
  }
  throw new Error(`el servidor en ${url} no quedó listo (${salio === null ? 'sin respuesta en 60 s' : `salió: ${salio}`}):\n${registro.join('\n')}`);
}

/** Stops a server `iniciarDemo` started: SIGTERM, then SIGKILL after 10 s. */
export async function detenerDemo({ proceso }, pendiente) {
  if (proceso.exitCode === null && proceso.signalCode === null) {
    const salida = new Promise((r) => proceso.once('exit', r));
    proceso.kill('SIGTERM');
    await Promise.race([salida, espera(10_000)]);
    proceso.kill('SIGKILL');
  }
  pendiente.servidores.delete(proceso);
}
