// Two instances on one PostgreSQL database behind Debian's nginx, as a group runs them: a stream
// of walk-in saves through the proxy (four hosts at once, each save with its Idempotency-Key and
// tried again with it on a network error or a 502/503, as the console does) while instance A is
// stopped with SIGTERM, started again, and killed with SIGKILL; an open console's live stream
// follows through the surviving instance. Prints saves acknowledged, lost, duplicated, folio
// gaps and the console's reconnect time; exits non-zero if a save was lost or duplicated or a
// folio skipped.
// Usage: ANFITRION_TEST_PG=postgres://…/postgres ANFITRION_BIN=target/release/anfitrion
//        node scripts/bench-instancias.mjs
import { spawn, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { espera, llamar, puertoLibre } from './api-bench.mjs';

const raiz = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = process.env.ANFITRION_BIN ?? join(raiz, 'target/release/anfitrion');
const admin = process.env.ANFITRION_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const paso = (t) => process.env.ANFITRION_DETALLE && console.error(`# ${t}`);

const nombre = `anfitrion_instancias_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
const url = (() => {
  const u = new URL(admin);
  u.pathname = `/${nombre}`;
  return u.toString();
})();
execFileSync('psql', [admin, '-q', '-c', `CREATE DATABASE "${nombre}"`]);
const dir = mkdtempSync(join(tmpdir(), 'anfitrion-instancias-'));
const procesos = [];

function iniciar(puerto, demo) {
  const args = ['serve', '--addr', `127.0.0.1:${puerto}`, '--database-url', url, '--trusted-proxies', '127.0.0.1'];
  if (demo) args.push('--demo');
  const p = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, RUST_LOG: 'warn' } });
  p.stderr.on('data', () => {});
  procesos.push(p);
  return p;
}

async function listo(puerto) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${puerto}/readyz`)).ok) return;
    } catch {
      // Not up yet.
    }
    await espera(100);
  }
  throw new Error(`la instancia en ${puerto} no quedó lista`);
}

const [pa, pb, proxy] = [await puertoLibre(), await puertoLibre(), await puertoLibre()];
let a = iniciar(pa, true);
await listo(pa);
paso('A lista');
const b = iniciar(pb, false);
await listo(pb);
paso('B lista');

writeFileSync(
  join(dir, 'nginx.conf'),
  `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/cuerpo; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream anfitrion {
    server 127.0.0.1:${pa} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${pb} max_fails=1 fail_timeout=2s;
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${proxy};
    location /api/v1/admin/notifications/stream {
      proxy_pass http://anfitrion; proxy_http_version 1.1; proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off; proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://anfitrion; proxy_http_version 1.1; proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 2; proxy_connect_timeout 2s;
    }
  }
}
`,
);
const nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'inherit' });
procesos.push(nginx);
const base = `http://127.0.0.1:${proxy}`;
paso('nginx');
for (let i = 0; i < 100; i++) {
  try {
    await fetch(`${base}/healthz`);
    break;
  } catch {
    await espera(50);
  }
}

const api = (ruta, opciones) => llamar(base, ruta, opciones);

let salida = 1;
try {
  const { token } = (await api('/v1/auth/login', { method: 'POST', body: { email: 'gerente@demo.mx', password: 'demo1234' } })).body.data;
  const polanco = (await api('/v1/admin/sucursal/sucuser/suc', { token })).body.data.find((s) => s.tag === 'polanco');
  await api(`/v1/admin/sucursal/${polanco._id}/mesas`, { token, method: 'PUT', body: [] });
  const mesero = (await api('/v1/admin/meseros?tag=polanco', { token })).body.data[0]._id;

  // A console's live stream, reconnecting as the console does (at once after a reconnect hint).
  const avisos = [];
  const cortes = [];
  let seguir = true;
  const cerrar = new AbortController();
  const consola = async () => {
    while (seguir) {
      try {
        const r = await fetch(`${base}/api/v1/admin/notifications/stream?tag=polanco`, { headers: { Authorization: `Bearer ${token}` }, signal: cerrar.signal });
        const inicio = Date.now();
        const corte = cortes.find((c) => c.vuelta === null);
        if (corte) corte.vuelta = inicio;
        const lector = r.body.getReader();
        let texto = '';
        for (;;) {
          const { value, done } = await lector.read();
          if (done) break;
          texto += new TextDecoder().decode(value);
          paso(`consola: ${JSON.stringify(new TextDecoder().decode(value)).slice(0, 160)}`);
          const partes = texto.split('\n\n');
          texto = partes.pop();
          for (const evento of partes) if (evento.includes('event: notificacion')) avisos.push(evento);
        }
      } catch {
        // Dropped: reconnect.
      }
      cortes.push({ fin: Date.now(), vuelta: null });
      await espera(500);
    }
  };
  // Two consoles: nginx sends one to each instance, so one of them is on the one that stops.
  const consolas = [consola(), consola()];

  // Four hosts saving walk-ins, each save retried with its own key until it is answered.
  const reconocidos = [];
  // Saves whose key an instance took and died with: every retry hears "se sigue guardando".
  const indeterminados = [];
  let fallidos = 0;
  let n = 0;
  let guardando = true;
  const host = async () => {
    while (guardando) {
      const i = n++;
      const clave = randomUUID();
      const cuerpo = {
        tag_sucursal: 'polanco', name: `Instancia ${i}`, email: '', phone: '', evento: 'Ninguno',
        comanda: { mesa: `Barra ${i}`, mesero_id: mesero, no_personas: 2, buffet_adulto: 2, buffet_boy: 0, buffet_promo_adulto: 2, buffet_promo_girl: 0, buffet_promo_boy: 0, isAfter7pm: false },
        abre: { promo: [] },
      };
      for (let intento = 0; intento < 5; intento++) {
        try {
          const r = await api('/v1/admin/walkin', { token, method: 'POST', body: cuerpo, clave });
          if (r.status === 201) {
            reconocidos.push({ nombre: cuerpo.name, id: r.body.data._id, folio: r.body.data.comanda.folio });
            break;
          }
          paso(`guardado ${i}: ${r.status} ${r.body?.message ?? ''}`);
          if (r.status === 409 && /se sigue guardando/.test(r.body?.message ?? '')) {
            indeterminados.push(cuerpo.name);
            break;
          }
          if (![502, 503, 504].includes(r.status)) {
            fallidos++;
            break;
          }
        } catch (e) {
          // The connection dropped with the instance: the same key again.
          paso(`guardado ${i}: ${e.cause?.code ?? e.name}`);
        }
        await espera(100);
      }
    }
  };
  paso('guardando');
  const hosts = [host(), host(), host(), host()];
  await espera(2000);
  paso('SIGTERM');
  a.kill('SIGTERM');
  await new Promise((r) => a.once('exit', r));
  await espera(1000);
  a = iniciar(pa, false);
  await listo(pa);
  await espera(1500);
  paso('SIGKILL');
  a.kill('SIGKILL');
  await espera(2000);
  paso(`${reconocidos.length} reconocidos`);
  guardando = false;
  await Promise.all(hosts);
  paso('guardados');

  // A booking made now reaches the console through the surviving instance.
  const manana = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const antes = avisos.length;
  const reserva = await api('/v1/public/reservacion', { method: 'POST', body: { tag: 'polanco', name: 'Aviso tras la caída', email: 'aviso@correo.mx', fecha_hora: `${manana} 15:00`, no_personas: 2, evento: 'Ninguno', origin: 'Whatsapp' } });
  paso(`reserva: ${reserva.status} ${reserva.body?.message}`);
  // Both consoles hear of it, each through the instance it is on now.
  for (let i = 0; i < 100 && avisos.length < antes + 2; i++) await espera(50);
  const avisoLlego = avisos.length >= antes + 2;
  seguir = false;
  cerrar.abort();

  // Every acknowledged save is there once, and the folios have no gap.
  const todos = [];
  for (let page = 1; ; page++) {
    const r = await api(`/v1/admin/walkin?tag=polanco&slug=todas&limit=100&page=${page}`, { token });
    todos.push(...r.body.data.items);
    if (todos.length >= r.body.data.total || r.body.data.items.length === 0) break;
  }
  const porNombre = new Map();
  for (const w of todos.filter((w) => w.name.startsWith('Instancia '))) porNombre.set(w.name, (porNombre.get(w.name) ?? 0) + 1);
  const perdidos = reconocidos.filter((r) => !porNombre.has(r.nombre)).length;
  const indeterminadosGuardados = indeterminados.filter((n) => porNombre.has(n)).length;
  const duplicados = [...porNombre.values()].filter((c) => c > 1).length;
  const folios = todos.map((w) => w.comanda.folio).sort((x, y) => x - y);
  let huecos = 0;
  for (let i = 1; i < folios.length; i++) huecos += folios[i] - folios[i - 1] - 1;
  const reconexiones = cortes.filter((c) => c.vuelta !== null).map((c) => c.vuelta - c.fin);
  console.log(
    `Dos instancias tras nginx (SIGTERM, reinicio y SIGKILL de una durante ${reconocidos.length + fallidos} guardados): ` +
      `${reconocidos.length} reconocidos, ${perdidos} perdidos, ${duplicados} duplicados, ${huecos} huecos de folio, ${fallidos} rechazados, ` +
      `${indeterminados.length} sin respuesta posible (clave tomada por la instancia muerta; ${indeterminadosGuardados} de ellos sí se guardaron); ` +
      `reserva ${reserva.status}, aviso ${avisoLlego ? 'recibido' : 'NO recibido'} en las dos consolas por la instancia que quedó; ` +
      `reconexión de la consola: ${reconexiones.length ? reconexiones.map((ms) => `${ms} ms`).join(', ') : 'sin cortes'}`,
  );
  salida = perdidos === 0 && duplicados === 0 && huecos === 0 && fallidos === 0 && avisoLlego ? 0 : 1;
  await Promise.allSettled(consolas);
} finally {
  for (const p of procesos) p.kill('SIGKILL');
  await espera(200);
  try {
    execFileSync('psql', [admin, '-q', '-c', `DROP DATABASE IF EXISTS "${nombre}" WITH (FORCE)`]);
  } catch {
    // Dropped with the cluster.
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(salida);
