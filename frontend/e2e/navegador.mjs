// One headless Debian Chromium per test file, driven by playwright-core (never a downloaded browser).
import { after, before, beforeEach } from 'node:test';
import { iniciarServidor } from './servidor.mjs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CUENTAS = {
  sistemas: 'sistemas@demo.mx',
  mercadotecnia: 'mercadotecnia@demo.mx',
  gerente: 'gerente@demo.mx',
  hostess: 'hostess@demo.mx',
  reservaciones: 'reservaciones@demo.mx',
};
export const PASSWORD = 'demo1234';

/** @returns {Promise<{ contexto: import('playwright-core').BrowserContext, cerrar: () => Promise<void> }>} */
export async function abrirNavegador(opciones = {}) {
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
    ],
    ...opciones,
  });
  contexto.setDefaultTimeout(15_000);
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

/** Ends the browser session state between tests that share one browser. */
export async function limpiar(contexto, pagina, base) {
  await contexto.clearCookies();
  await pagina.goto(`${base}/login`);
  await pagina.evaluate(() => localStorage.clear());
}

/**
 * The hooks every browser test file needs: one server and one browser for the file, and before
 * each test a signed-out page in a desktop-sized window (tests that want another size set it).
 * `usar` receives `{ servidor, navegador, pagina }` once they exist.
 */
export function prepararSuite(usar) {
  let suite;
  before(async () => {
    const servidor = await iniciarServidor();
    const navegador = await abrirNavegador();
    const pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
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
