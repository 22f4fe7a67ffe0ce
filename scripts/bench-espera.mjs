// The waitlist from guests' phones under load, against the release binary on SQLite (a temporary
// file) and on a fresh PostgreSQL database, each seeded with `--demo` at a Friday 14:00 (every
// branch open, its online list open):
//   1. joins: 64 connections post joins to polanco's online list for BENCH_ESPERA_SEGUNDOS (5)
//      seconds, each from its own address (the server trusts 127.0.0.1 as a proxy, so the
//      per-address limit, 20 an hour, counts each guest apart, as it would behind a load
//      balancer); the list grows from empty as a Sunday queue would;
//   2. from a host's seat to the guest's page: 20 guests follow their place on the page's live
//      stream while the host seats the party at the head of the list, 40 times; each guest's
//      next `turno` event is timed from the moment the seat was sent.
// Prints one table per measure and exits non-zero when a join or an update goes missing.
// Usage: ANFITRION_TEST_PG=postgres://…/postgres ANFITRION_BIN=target/release/anfitrion
//        [BENCH_ESPERA_SEGUNDOS=5] node scripts/bench-espera.mjs
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, detenerDemo, espera, iniciarDemo, pendientes } from './api-bench.mjs';

const raiz = join(dirname(fileURLToPath(import.meta.url)), '..');
const autocannon = createRequire(join(raiz, 'frontend', 'package.json'))('autocannon');

const bin = process.env.ANFITRION_BIN ?? join(raiz, 'target/release/anfitrion');
const admin = process.env.ANFITRION_TEST_PG || 'postgres://postgres@127.0.0.1:5432/postgres';
const SEGUNDOS = Number(process.env.BENCH_ESPERA_SEGUNDOS ?? 5);
const CONEXIONES = 64;
const HUESPEDES = 20;
const SENTADOS = 40;
const TAG = 'polanco';
const AHORA = '2026-11-27 14:00';

if (!existsSync(bin)) {
  console.error(`No existe ${bin}: compílalo con make server-release.`);
  process.exit(2);
}

const { pendiente, limpiar } = pendientes(admin);

// Each guest comes from its own address, behind the proxy the server trusts.
const iniciar = (url) => iniciarDemo(bin, url, ['--ahora', AHORA, '--trusted-proxies', '127.0.0.1', '--max-connections-per-address', '1000'], pendiente);
const detener = (servidor) => detenerDemo(servidor, pendiente);

/** The address the n-th guest comes from, as the proxy names it. */
const direccion = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** A guest's join, from its own address; answers the party's id and page secret. */
async function unirse(base, n) {
  const r = await fetch(`${base}/api/v1/public/sucursal/${TAG}/espera`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': direccion(n) },
    body: JSON.stringify({ name: `Huésped ${n}`, phone: '525512345678', personas: 2 }),
  });
  const cuerpo = await r.json();
  if (r.status !== 201) throw new Error(`unirse respondió ${r.status}: ${cuerpo.message}`);
  const [, token] = cuerpo.data.pagina.split('?t=');
  return { id: cuerpo.data._id, token };
}

const percentil = (orden, p) => (orden.length === 0 ? NaN : orden[Math.max(0, Math.ceil(p * orden.length) - 1)]);

async function medirUniones(base) {
  let n = 1_000;
  let ms = [];
  const instancia = autocannon({
    url: base,
    connections: CONEXIONES,
    duration: SEGUNDOS,
    requests: [
      {
        method: 'POST',
        path: `/api/v1/public/sucursal/${TAG}/espera`,
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': direccion(i), 'Idempotency-Key': randomUUID() },
            body: JSON.stringify({ name: `Carga ${i}`, phone: '525512345678', personas: 1 + (i % 6) }),
          };
        },
      },
    ],
  });
  instancia.on('response', (_c, estado, _b, tiempo) => {
    if (estado === 201) ms.push(tiempo);
  });
  const r = await instancia;
  ms = ms.sort((a, b) => a - b);
  return { porSegundo: r['2xx'] / r.duration, p50: percentil(ms, 0.5), p99: percentil(ms, 0.99), exitos: r['2xx'], no2xx: r.non2xx + r.errors + r.timeouts };
}

/** A guest's page stream: resolves `siguiente()` with the arrival time of each next `turno` event. */
function seguir(base, { id, token }) {
  const control = new AbortController();
  const llegadas = [];
  let esperando = null;
  (async () => {
    const r = await fetch(`${base}/api/v1/public/espera/${id}/stream?t=${token}`, { signal: control.signal, headers: { 'X-Forwarded-For': direccion(900_000 + Number.parseInt(id.slice(-4), 16)) } });
    const lector = r.body.getReader();
    const decodificador = new TextDecoder();
    let texto = '';
    for (;;) {
      const { value, done } = await lector.read();
      if (done) return;
      texto += decodificador.decode(value, { stream: true });
      let corte;
      while ((corte = texto.indexOf('\n\n')) >= 0) {
        const evento = texto.slice(0, corte);
        texto = texto.slice(corte + 2);
        if (evento.includes('event: turno')) {
          const t = performance.now();
          if (esperando) {
            esperando(t);
            esperando = null;
          } else llegadas.push(t);
        }
      }
    }
  })().catch(() => undefined);
  return {
    siguiente: () => (llegadas.length ? Promise.resolve(llegadas.shift()) : new Promise((r) => (esperando = r))),
    descartar: () => llegadas.splice(0),
    cerrar: () => control.abort(),
  };
}

async function medirActualizacion(base) {
  const { token } = await api(base, '/v1/auth/login', { method: 'POST', body: { email: 'hostess@demo.mx', password: 'demo1234' } });
  // Free-text tables: the plan is emptied, so every seat is taken as given.
  const gerente = (await api(base, '/v1/auth/login', { method: 'POST', body: { email: 'sistemas@demo.mx', password: 'demo1234' } })).token;
  const sucursal = (await api(base, '/v1/admin/sucursal/sucuser/suc', { token: gerente })).find((s) => s.tag === TAG);
  await api(base, `/v1/admin/sucursal/${sucursal._id}/mesas`, { token: gerente, method: 'PUT', body: [] });
  const mesero = (await api(base, `/v1/admin/meseros?tag=${TAG}`, { token }))[0]._id;
  // The joins' run left a long list: the host clears it before this measure starts.
  for (const g of await api(base, `/v1/admin/espera?tag=${TAG}`, { token })) {
    await api(base, `/v1/admin/espera/${g._id}/salir`, { token, method: 'POST', body: { motivo: 'Fin de la carga' } });
  }
  const delante = [];
  for (let i = 0; i < SENTADOS; i++) delante.push(await unirse(base, 2_000_000 + i));
  const guests = [];
  for (let i = 0; i < HUESPEDES; i++) guests.push(await unirse(base, 3_000_000 + i));
  const paginas = guests.map((g) => seguir(base, g));
  // Each page's first state, at once.
  await Promise.all(paginas.map((p) => p.siguiente()));
  const ms = [];
  let faltaron = 0;
  for (let i = 0; i < SENTADOS; i++) {
    const desde = performance.now();
    await api(base, '/v1/admin/walkin', {
      token,
      method: 'POST',
      clave: randomUUID(),
      body: {
        tag_sucursal: TAG, name: `Huésped ${2_000_000 + i}`, email: '', phone: '', evento: 'Ninguno', espera_id: delante[i].id,
        comanda: { mesa: `Barra ${i}`, mesero_id: mesero, no_personas: 2, buffet_adulto: 2, buffet_boy: 0, buffet_promo_adulto: 2, buffet_promo_girl: 0, buffet_promo_boy: 0, isAfter7pm: false },
        abre: { promo: [] },
      },
    });
    const tiempos = await Promise.all(paginas.map((p) => Promise.race([p.siguiente(), espera(5_000).then(() => null)])));
    for (const t of tiempos) {
      if (t === null) faltaron++;
      else ms.push(t - desde);
    }
    // A seat may wake a page twice (the list's notice and the floor's): the next seat is timed
    // from its own first update only.
    await espera(50);
    for (const p of paginas) p.descartar();
  }
  for (const p of paginas) p.cerrar();
  const orden = ms.sort((a, b) => a - b);
  return { p50: percentil(orden, 0.5), p99: percentil(orden, 0.99), actualizaciones: orden.length, faltaron };
}

let salida = 1;
const filas = [];
try {
  const medir = async (motor, url) => {
    const servidor = await iniciar(url);
    try {
      const uniones = await medirUniones(servidor.base);
      const lista = (await api(servidor.base, `/v1/public/sucursal/${TAG}/espera`)).esperando;
      const act = await medirActualizacion(servidor.base);
      filas.push({ motor, ...uniones, lista, ...Object.fromEntries(Object.entries(act).map(([k, v]) => [`act_${k}`, v])) });
    } catch (e) {
      e.message += `\nÚltimas líneas del servidor:\n${servidor.registro.join('\n')}`;
      throw e;
    } finally {
      await detener(servidor);
    }
  };
  const sqlite = mkdtempSync(join(tmpdir(), 'anfitrion-bench-espera-'));
  pendiente.carpetas.add(sqlite);
  await medir('SQLite', `sqlite://${join(sqlite, 'bench.db')}`);
  const nombre = `anfitrion_bench_espera_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  execFileSync('psql', [admin, '-q', '-c', `CREATE DATABASE "${nombre}"`]);
  pendiente.bases.add(nombre);
  const url = new URL(admin);
  url.pathname = `/${nombre}`;
  await medir('PostgreSQL', url.toString());

  console.log(`Uniones desde el celular: ${CONEXIONES} conexiones, ${SEGUNDOS} s, cada una desde su dirección`);
  console.log('motor       uniones/s  p50 ms  p99 ms  no 201  grupos al final');
  for (const f of filas) console.log(`${f.motor.padEnd(10)}  ${f.porSegundo.toFixed(0).padStart(9)}  ${f.p50.toFixed(1).padStart(6)}  ${f.p99.toFixed(1).padStart(6)}  ${String(f.no2xx).padStart(6)}  ${String(f.lista).padStart(15)}`);
  console.log(`\nDe sentar al grupo de adelante a la página del huésped: ${HUESPEDES} páginas en vivo, ${SENTADOS} grupos sentados`);
  console.log('motor       p50 ms  p99 ms  actualizaciones  faltaron');
  for (const f of filas) console.log(`${f.motor.padEnd(10)}  ${f.act_p50.toFixed(1).padStart(6)}  ${f.act_p99.toFixed(1).padStart(6)}  ${String(f.act_actualizaciones).padStart(15)}  ${String(f.act_faltaron).padStart(8)}`);
  const malas = filas.filter((f) => f.no2xx > 0 || f.act_faltaron > 0);
  salida = malas.length === 0 ? 0 : 1;
  if (malas.length) console.error(`Fallaron: ${malas.map((f) => f.motor).join(', ')}`);
} catch (e) {
  console.error(e.message);
} finally {
  limpiar();
}
process.exit(salida);
