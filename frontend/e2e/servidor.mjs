// Starts what a browser test talks to: the `anfitrion` binary in demo mode on a free port with a
// fresh SQLite database, and — unless ANFITRION_E2E_FRONT=binario — `vite preview` serving the
// current frontend/dist with /api proxied to that binary (the binary embeds dist at compile time,
// so the preview always shows the latest build). Everything is stopped and removed by `cerrar()`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FRONTEND = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A port nobody listens on right now. */
export function puertoLibre() {
  return new Promise((ok, falla) => {
    const s = createServer();
    s.unref();
    s.on('error', falla);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

const espera = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The environment of a server with e-mail set up whose relay never answers (nothing listens on
 * port 1): confirmations and reminders wait in its outbox, where a test reads them.
 */
export const CON_CORREO = { ANFITRION_SMTP_URL: 'smtp://127.0.0.1:1' };

/**
 * The local time in Mexico City every test server starts its clock at, as the Rust suite does:
 * ANFITRION_TEST_FECHA (a Wednesday by default) at ANFITRION_TEST_HORA. `make test` is run at
 * several hours by setting the second; no test depends on the hour the machine says it is.
 */
export const FECHA_PRUEBA = process.env.ANFITRION_TEST_FECHA?.trim() || '2026-11-25';
export const HORA_PRUEBA = process.env.ANFITRION_TEST_HORA?.trim() || '13:00';

/** Mexico City has kept UTC-6 all year since 2022. */
const instanteLocal = (fechaHora) => Date.parse(`${fechaHora.replace(' ', 'T')}${fechaHora.length <= 16 ? ':00' : ''}-06:00`);

const cargado = Date.now();
let relojUltimo = null;

/** Now by the last test server's clock (the suite's time, running, before any started). */
export function ahoraPrueba() {
  return relojUltimo ? relojUltimo() : new Date(instanteLocal(`${FECHA_PRUEBA} ${HORA_PRUEBA}`) + (Date.now() - cargado));
}

async function esperarRespuesta(url, proceso, salida, limiteMs = 90_000) {
  const hasta = Date.now() + limiteMs;
  while (Date.now() < hasta) {
    if (proceso.exitCode !== null) {
      throw new Error(`anfitrion terminó (código ${proceso.exitCode}) antes de responder:\n${salida.join('')}`);
    }
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      return;
    } catch {
      await espera(150);
    }
  }
  throw new Error(`anfitrion no respondió en ${limiteMs} ms en ${url}:\n${salida.join('')}`);
}

/**
 * The plain text of the e-mail a reservation left in the server's outbox, read from its SQLite
 * file (Python's sqlite3, which the machine has): what the guest would receive, links included.
 */
function textoEnBandeja(archivo, reservacion, tipo = 'confirmacion') {
  const consulta = 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); r=c.execute("SELECT texto FROM correos_salida WHERE reservacion_id=? AND tipo=? ORDER BY creado_en", (sys.argv[2], sys.argv[3])).fetchone(); print(r[0] if r else "", end="")';
  const r = spawnSync('python3', ['-c', consulta, archivo, reservacion, tipo], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`no se pudo leer la bandeja de salida: ${r.stderr}`);
  return r.stdout;
}

/**
 * @param {{ ahora?: string, carpeta?: string, argumentos?: string[] }} [opciones] `ahora`: the
 *   server clock's start, `AAAA-MM-DD HH:MM` in Mexico City (the suite's time by default);
 *   `carpeta`: the folder of an earlier server's database, to start again on it (a restart: the
 *   caller removes it); `argumentos`: more flags for `serve`; `demo: false` serves as an operator
 *   would, without `--demo` (so without its seeding, its defaults and `--ahora`: the clock is the
 *   machine's), typically on the folder of an earlier demo server.
 * @returns {Promise<{ base: string, api: string, cerrar: () => Promise<void>, salida: string[], reloj: () => Date }>}
 *   `base` is the URL the browser opens; `api` the binary's own address; `reloj()` the server's now;
 *   `bandeja(id, tipo)` the text of a reservation's e-mail of that kind (`confirmacion` unless
 *   said, or `recordatorio`) waiting in the outbox (there is no SMTP here).
 */
export async function iniciarServidor({ ahora = `${FECHA_PRUEBA} ${HORA_PRUEBA}`, carpeta = null, argumentos = [], entorno = {}, demo = true } = {}) {
  const bin = resolve(FRONTEND, process.env.ANFITRION_BIN ?? '../target/debug/anfitrion');
  if (!existsSync(bin)) {
    throw new Error(`No existe el binario ${bin}: compílalo (cargo build -p anfitrion-server) o indica ANFITRION_BIN.`);
  }
  const modo = process.env.ANFITRION_E2E_FRONT ?? 'preview';
  if (modo === 'preview' && !existsSync(join(FRONTEND, 'dist', 'index.html'))) {
    throw new Error('No existe frontend/dist: ejecuta `npm run build` antes de `npm run e2e`.');
  }

  const dir = carpeta ?? (await mkdtemp(join(tmpdir(), 'anfitrion-e2e-')));
  const puerto = await puertoLibre();
  const api = `http://127.0.0.1:${puerto}`;
  const salida = [];
  const inicio = instanteLocal(ahora);
  if (Number.isNaN(inicio)) throw new Error(`hora de prueba ilegible: «${ahora}» (AAAA-MM-DD HH:MM)`);
  const arranque = Date.now();
  /** Now by the server's clock, which started at `ahora` and runs from there. */
  const reloj = demo ? () => new Date(inicio + (Date.now() - arranque)) : () => new Date();
  relojUltimo = reloj;
  const proceso = spawn(
    bin,
    ['serve', ...(demo ? ['--demo', '--ahora', ahora] : []), '--addr', `127.0.0.1:${puerto}`, '--database-url', `sqlite://${join(dir, 'e2e.db')}`, ...argumentos],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn', ...entorno } },
  );
  proceso.stdout.on('data', (d) => salida.push(String(d)));
  proceso.stderr.on('data', (d) => salida.push(String(d)));

  let vista = null;
  const cerrar = async () => {
    if (vista) await vista.close();
    if (proceso.exitCode === null) {
      const fin = new Promise((r) => proceso.once('exit', r));
      proceso.kill('SIGTERM');
      const rapido = await Promise.race([fin.then(() => true), espera(5000).then(() => false)]);
      if (!rapido) {
        proceso.kill('SIGKILL');
        await fin;
      }
    }
    if (!carpeta) await rm(dir, { recursive: true, force: true });
  };

  try {
    await esperarRespuesta(`${api}/api/v1/auth/me`, proceso, salida);
    const bandeja = (id, tipo) => textoEnBandeja(join(dir, 'e2e.db'), id, tipo);
    if (modo === 'binario') return { base: api, api, cerrar, salida, reloj, bandeja, carpeta: dir };

    process.env.ANFITRION_API_URL = api;
    const { preview } = await import('vite');
    const puertoVista = await puertoLibre();
    vista = await preview({
      root: FRONTEND,
      configFile: join(FRONTEND, 'vite.config.ts'),
      logLevel: 'warn',
      preview: { host: '127.0.0.1', port: puertoVista, strictPort: true, proxy: { '/api': { target: api } } },
    });
    return { base: `http://127.0.0.1:${puertoVista}`, api, cerrar, salida, reloj, bandeja, carpeta: dir };
  } catch (e) {
    await cerrar();
    throw e;
  }
}
