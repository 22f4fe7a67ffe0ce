// One headless Debian Chromium per test file, driven by playwright-core (never a downloaded browser).
import assert from 'node:assert/strict';
import { after, before, beforeEach } from 'node:test';
import { ahoraPrueba, iniciarServidor } from './servidor.mjs';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

// Debian's chromium-headless-shell: the same Chromium build without the browser's own windowing
// layer (the old headless mode), which renders the same pages for about a third less CPU (the
// whole browser suite: 444 s of Chromium's CPU with `chromium`, 287 s with the shell, on two
// cores). `chromium` itself when only it is installed; CHROMIUM_PATH chooses another.
const SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : '/usr/bin/chromium');

export const CUENTAS = {
  sistemas: 'sistemas@demo.mx',
  mercadotecnia: 'mercadotecnia@demo.mx',
  gerente: 'gerente@demo.mx',
  hostess: 'hostess@demo.mx',
  reservaciones: 'reservaciones@demo.mx',
};
export const PASSWORD = 'demo1234';

/**
 * `args`: Chromium flags added to the usual ones (a fake camera, for instance).
 * @returns {Promise<{ contexto: import('playwright-core').BrowserContext, cerrar: () => Promise<void> }>}
 */
export async function abrirNavegador({ args = [], ...opciones } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'anfitrion-chromium-'));
  const contexto = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    locale: 'es-MX',
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
    ...opciones,
  });
  contexto.setDefaultTimeout(15_000);
  // The print dialog a ticket's button opens is counted, not opened: headless Chromium
  // 156.0.8078.108 starts a real print job for window.print(), and the test's own PDF of the
  // page (`imprimirPdf`) would then fail with "Page is already being printed".
  await contexto.addInitScript(() => {
    window.__impresiones = 0;
    window.print = () => {
      window.__impresiones += 1;
    };
  });
  return {
    contexto,
    cerrar: async () => {
      await contexto.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in through the form and answers the session the server granted (read from the login
 * response, so tests can compare the screen with the real permissions).
 */
export async function entrar(pagina, base, correo) {
  await pagina.goto(`${base}/login`);
  await pagina.getByLabel('Correo electrónico').fill(correo);
  await pagina.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  const [respuesta] = await Promise.all([
    pagina.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login') && r.request().method() === 'POST'),
    pagina.getByRole('button', { name: 'Iniciar sesión' }).click(),
  ]);
  const cuerpo = await respuesta.json();
  if (cuerpo.status !== 'success') throw new Error(`login de ${correo} rechazado: ${cuerpo.message}`);
  await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
  return cuerpo.data;
}

const redes = new WeakMap();
const esFlujo = (r) => new URL(r.url()).pathname.endsWith('/stream');

/**
 * Follows a page's requests from now on, so `enReposo` can tell when they are done. The event
 * streams that stay open for good (the bell's live notifications) are left out.
 */
export function seguirRed(pagina) {
  if (redes.has(pagina)) return;
  const abiertas = new Set();
  redes.set(pagina, abiertas);
  pagina.on('request', (r) => {
    if (!esFlujo(r)) abiertas.add(r);
  });
  const fin = (r) => abiertas.delete(r);
  pagina.on('requestfinished', fin);
  pagina.on('requestfailed', fin);
}

/**
 * What `waitForLoadState('networkidle')` means — no request for 500 ms — but blind to the live
 * event stream, whose one request never ends (with it open the page is never "network idle").
 */
export async function enReposo(pagina, { quietoMs = 500, limiteMs = 15_000 } = {}) {
  const abiertas = redes.get(pagina);
  if (!abiertas) throw new Error('enReposo necesita seguirRed(pagina) desde antes de las peticiones');
  const hasta = Date.now() + limiteMs;
  let quietaDesde = null;
  for (;;) {
    if (abiertas.size === 0) {
      quietaDesde ??= Date.now();
      if (Date.now() - quietaDesde >= quietoMs) return;
    } else {
      quietaDesde = null;
    }
    if (Date.now() > hasta) throw new Error(`la red no quedó en reposo: ${[...abiertas].map((r) => r.url()).join(', ')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Ends the browser session state between tests that share one browser. */
export async function limpiar(contexto, pagina, base) {
  await contexto.clearCookies();
  await pagina.goto(`${base}/login`);
  await pagina.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/**
 * The hooks every browser test file needs: one server and one browser for the file, and before
 * each test a signed-out page in a desktop-sized window (tests that want another size set it).
 * `usar` receives `{ servidor, navegador, pagina }` once they exist; `opcionesServidor` go to
 * `iniciarServidor` (an environment of its own, extra arguments).
 */
export function prepararSuite(usar, opcionesServidor = {}) {
  let suite;
  before(async () => {
    const servidor = await iniciarServidor(opcionesServidor);
    const navegador = await abrirNavegador();
    const pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
    seguirRed(pagina);
    suite = { servidor, navegador, pagina };
    usar(suite);
  });
  after(async () => {
    await suite?.navegador.cerrar();
    await suite?.servidor.cerrar();
  });
  beforeEach(async () => {
    await suite.pagina.setViewportSize({ width: 1280, height: 900 });
    await limpiar(suite.navegador.contexto, suite.pagina, suite.servidor.base);
  });
}

/** Calls the API as a client would (outside the browser); answers `{ status, body }`. */
export async function llamarApi(servidor, ruta, { token, method = 'GET', query, body } = {}) {
  const qs = query ? `?${new URLSearchParams(query)}` : '';
  const respuesta = await fetch(`${servidor.api}/api${ruta}${qs}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: respuesta.status, body: await respuesta.json() };
}

/**
 * The Pendiente reservations the door may seat now by the test server's clock (from two hours
 * before their time until the 30-minute tolerance, the demo branches' settings), soonest first.
 */
export function sentablesAhora(servidor, reservaciones) {
  const ahora = servidor.reloj().getTime();
  const instante = (fh) => Date.parse(`${fh.replace(' ', 'T')}:00-06:00`);
  return reservaciones
    .filter((r) => r.status === 'Pendiente' && ahora >= instante(r.fecha_hora) - 120 * 60_000 && ahora <= instante(r.fecha_hora) + 30 * 60_000)
    .sort((a, b) => a.fecha_hora.localeCompare(b.fecha_hora));
}

/** "YYYY-MM-DD" of the day `dias` from today, by the test server's clock, in the branches' zone. */
export function diaSucursal(dias = 0, zona = 'America/Mexico_City') {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: zona, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ahoraPrueba());
  const d = new Date(`${hoy}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/**
 * Registers a walk-in through the API as the console's wizard sends it (a party of 3: two adults
 * and a child, with the branch's first waiter) at `datos.mesa`, or else at the first free table
 * of the floor that seats three; any other field of `datos` overrides the request's.
 */
export async function registrarWalkin(servidor, token, tag, { mesa, ...datos } = {}) {
  const meseros = await llamarApi(servidor, '/v1/admin/meseros', { token, query: { tag } });
  const salon = await llamarApi(servidor, '/v1/admin/salon', { token, query: { tag } });
  const libre = salon.status === 200 ? salon.body.data.mesas.find((m) => m.estado === 'libre' && m.asientos >= 3) : undefined;
  const { status, body } = await llamarApi(servidor, '/v1/admin/walkin', {
    token,
    method: 'POST',
    body: {
      tag_sucursal: tag,
      phone: '',
      evento: 'Cumpleaños',
      comanda: {
        mesa: mesa ?? (libre ? String(libre.numero) : '5'),
        mesero_id: meseros.body.data[0]._id,
        no_personas: 3,
        buffet_adulto: 2,
        buffet_boy: 1,
        buffet_promo_adulto: 3,
        buffet_promo_girl: 0,
        buffet_promo_boy: 0,
        isAfter7pm: false,
      },
      abre: { promo: [] },
      ...datos,
    },
  });
  assert.equal(status, 201, body.message);
  return body.data;
}

/** A screen's text with es-MX's no-break spaces (before "p.m.") as plain ones. */
export const plano = (texto) => texto.replace(/[\u00a0\u202f]/g, ' ');

/** "HH:MM" as the console writes a time ('hh:mm a', es-MX), plain spaces: "08:10 p.m.". */
export function horaConsola(hhmm) {
  const [h, m] = hhmm.split(':').map(Number);
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'a.m.' : 'p.m.'}`;
}
