// Every demo account signs in, lands where its role goes (Sistemas on /users, Mercadotecnia on
// /promos, the others on /reservaciones/hoy, or where the role names: the Hostess at the host
// stand), sees the menu its permissions allow and its branches, and leaves nothing behind on
// logout; the drawer at tablet width.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CUENTAS, enReposo, entrar, prepararSuite } from './navegador.mjs';

/**
 * The side menu (the host stand first, for whoever checks guests in; the floor after
 * Reservaciones; the branch settings last): path, label, permission; children under their group.
 */
const MENU = [
  { ruta: '/hostes', titulo: 'Recepción', permiso: 'reservacion.asistio' },
  { ruta: '/', titulo: 'Dashboard', permiso: 'dashboard.index' },
  { ruta: '/walkin/registrar', titulo: 'Walk-in', permiso: 'walkin.index' },
  { ruta: '/reservaciones/hoy', titulo: 'Reservaciones', permiso: 'reservacion.index' },
  { ruta: '/salon', titulo: 'Salón', permiso: 'salon.index' },
  { ruta: '/cocina', titulo: 'Cocina', permiso: 'cocina.index' },
  { ruta: '/clientes', titulo: 'Clientes', permiso: 'clientes.index' },
  { ruta: '/meseros', titulo: 'Meseros', permiso: 'meseros.index' },
  { ruta: '/promos', titulo: 'Promociones', permiso: 'promos.index' },
  {
    ruta: '/logs',
    titulo: 'Bitácoras',
    permiso: 'logs.walkin',
    hijos: [
      { ruta: '/logs/walk-in', titulo: 'Walk-in', permiso: 'bitacora.walkin' },
      { ruta: '/logs/reserva', titulo: 'Reservaciones', permiso: 'bitacora.reserva' },
    ],
  },
  { ruta: '/afiliados', titulo: 'Afiliados', permiso: 'afiliados.index' },
  { ruta: '/marcas', titulo: 'Marcas', permiso: 'marcas.index' },
  { ruta: '/users', titulo: 'Usuarios', permiso: 'users.index' },
  { ruta: '/roles', titulo: 'Roles', permiso: 'role.index' },
  { ruta: '/integraciones', titulo: 'Integraciones', permiso: 'integraciones.index' },
  { ruta: '/conf-walkin', titulo: 'Configuración', permiso: 'walkin.edit' },
];

/** Each entry with its permission; a group also needs a visible child, or it would open onto nothing. */
function menuEsperado(permisos) {
  const tiene = (p) => permisos.includes(p);
  const salida = [];
  for (const e of MENU) {
    if (!tiene(e.permiso)) continue;
    const hijos = (e.hijos ?? []).filter((h) => tiene(h.permiso));
    if (e.hijos && hijos.length === 0) continue;
    salida.push(`${e.ruta} ${e.titulo}`);
    for (const h of hijos) salida.push(`${h.ruta} ${h.titulo}`);
  }
  return salida;
}

/** What the seeded roles' landing pages and menus promise, independent of what the server answers. */
const CONOCIDO = {
  sistemas: { destino: '/users', con: ['/users Usuarios', '/roles Roles', '/marcas Marcas', '/integraciones Integraciones'], sin: ['/ Dashboard', '/reservaciones/hoy Reservaciones'] },
  mercadotecnia: { destino: '/promos', con: ['/promos Promociones', '/clientes Clientes', '/logs Bitácoras'], sin: ['/users Usuarios', '/walkin/registrar Walk-in'] },
  gerente: { destino: '/reservaciones/hoy', con: ['/hostes Recepción', '/reservaciones/hoy Reservaciones', '/walkin/registrar Walk-in', '/salon Salón', '/meseros Meseros', '/conf-walkin Configuración'], sin: ['/users Usuarios', '/roles Roles', '/integraciones Integraciones'] },
  hostess: { destino: '/hostes', con: ['/hostes Recepción', '/reservaciones/hoy Reservaciones', '/walkin/registrar Walk-in', '/salon Salón', '/cocina Cocina'], sin: ['/ Dashboard', '/users Usuarios', '/promos Promociones'] },
  reservaciones: { destino: '/reservaciones/hoy', con: ['/reservaciones/hoy Reservaciones'], sin: ['/walkin/registrar Walk-in', '/users Usuarios', '/clientes Clientes'] },
};

/** The entries the visible menu shows, as "path label", the Bitácoras group opened first. */
async function menuVisible(pagina) {
  const nav = pagina.locator('[data-testid="panel-menu"] nav[aria-label="Menú principal"]');
  await nav.waitFor();
  const grupo = nav.getByRole('button', { name: 'Bitácoras' });
  if ((await grupo.count()) > 0 && (await grupo.getAttribute('aria-expanded')) !== 'true') await grupo.click();
  return nav.evaluate((n) =>
    [...n.querySelectorAll('a, button')].map((el) =>
      el.tagName === 'A' ? `${new URL(el.href).pathname} ${el.textContent.trim()}` : `/logs ${el.textContent.trim()}`,
    ),
  );
}

let servidor;
let navegador;
let pagina;

// Each test starts signed out on a fresh page, whatever the one before it left behind.
prepararSuite((s) => ({ servidor, navegador, pagina } = s));

const selectorListo = (pagina) =>
  pagina.waitForFunction(() => !document.querySelector('[data-testid="selector-sucursal"]')?.hasAttribute('data-disabled'));

describe('each demo account', () => {
  for (const [clave, correo] of Object.entries(CUENTAS)) {
    test(`${correo}: lands, sees its menu and branches, and logs out clean`, async () => {
      const { user, token } = await entrar(pagina, servidor.base, correo);
      const conocido = CONOCIDO[clave];
      const permisos = user.role.permissions.map((p) => p.name);

      // Landing by role.
      assert.equal(new URL(pagina.url()).pathname, conocido.destino);
      // The host stand has a layout of its own: the rest is read in the console's.
      const consola = async () => {
        if (conocido.destino === '/hostes') await pagina.goto(`${servidor.base}/reservaciones/hoy`);
      };
      await consola();

      // Session stored in local storage: the token under mqadtk, the user under mqadusr.
      const guardado = await pagina.evaluate(() => ({
        token: localStorage.getItem('mqadtk'),
        usuario: JSON.parse(localStorage.getItem('mqadusr') ?? 'null'),
      }));
      assert.equal(guardado.token, token);
      assert.equal(guardado.usuario.email, correo);
      const cookie = (await navegador.contexto.cookies(servidor.base)).find((c) => c.name === 'rgatk');
      assert.ok(cookie, 'the rgatk cookie is set');
      assert.equal(cookie.value, '1', 'the marker carries nothing secret');
      assert.notEqual(decodeURIComponent(cookie.value), token);
      assert.equal(cookie.path, '/');
      assert.equal(cookie.sameSite, 'Strict', 'the cookie is a same-site marker');
      const dias = (cookie.expires - Date.now() / 1000) / 86400;
      assert.ok(dias > 0.95 && dias <= 1.01, `the cookie lasts one day (${dias})`);

      // Menu: exactly what the permissions allow, and what the seeded role is known to allow.
      const visible = await menuVisible(pagina);
      assert.deepEqual(visible, menuEsperado(permisos));
      for (const e of conocido.con) assert.ok(visible.includes(e), `${correo} sees ${e}`);
      for (const e of conocido.sin) assert.ok(!visible.includes(e), `${correo} does not see ${e}`);

      // Header: name and the first 18 characters of the e-mail with an ellipsis.
      const cabecera = pagina.getByTestId('cabecera-usuario');
      assert.match(await cabecera.innerText(), new RegExp(`${user.name}[\\s\\S]*${correo.slice(0, 18).replace(/\./g, '\\.')}…`));

      // Bell only with reservaciones.index.
      assert.equal(
        await pagina.getByRole('button', { name: 'Notificaciones' }).count(),
        permisos.includes('reservaciones.index') ? 1 : 0,
      );

      // Branch selector: absent for Sistemas, else exactly the user's tags.
      const selector = pagina.getByRole('button', { name: 'Sucursal actual' });
      if (user.role.name === 'Sistemas') {
        assert.equal(clave, 'sistemas');
        assert.equal(await selector.count(), 0);
      } else {
        await selectorListo(pagina);
        await selector.click();
        const opciones = pagina.getByRole('option');
        await opciones.first().waitFor();
        const tags = await opciones.evaluateAll((os) => os.map((o) => o.getAttribute('data-tag')));
        assert.deepEqual([...tags].sort(), [...user.tags].sort());
        assert.ok(tags.length > 0);
        await pagina.keyboard.press('Escape');
        assert.ok(user.tags.includes(await pagina.evaluate(() => localStorage.getItem('sucursal'))));
      }

      // An authenticated visit to /login goes back to the landing screen.
      await pagina.goto(`${servidor.base}/login`);
      await pagina.waitForURL((u) => u.pathname === conocido.destino);
      await consola();

      // Logout: API revokes, storage empty, cookie gone, /login shown.
      await pagina.getByRole('button', { name: 'Cuenta de usuario' }).click();
      await pagina.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
      await pagina.waitForURL((u) => u.pathname === '/login');
      assert.equal(await pagina.evaluate(() => localStorage.length), 0);
      const restantes = (await navegador.contexto.cookies(servidor.base)).filter((c) => c.name === 'rgatk');
      assert.deepEqual(restantes, []);
      const despues = await fetch(`${servidor.api}/api/v1/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(despues.status, 401, 'the token was revoked on the server');
    });
  }
});

describe('the shell', () => {
  test('changing branch stores its tag and reloads the queries', async () => {
    const { user } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    assert.ok(user.tags.length >= 2, 'the demo manager works in several branches');
    const actual = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const otra = user.tags.find((t) => t !== actual);
    // Both queries the layout keeps (who is signed in, their branches) have loaded and are fresh
    // for minutes: from here on only the change of branch can ask for them again.
    await selectorListo(pagina);
    // Network idle, the bell's ever-open live stream aside.
    await enReposo(pagina);
    await pagina.getByRole('button', { name: 'Sucursal actual' }).click();
    const opcion = pagina.locator(`[role="option"][data-tag="${otra}"]`);
    const nombre = (await opcion.locator('.font-medium').innerText()).trim();
    const refetch = Promise.all(
      ['/api/v1/admin/sucursal/sucuser/suc', '/api/v1/auth/me'].map((ruta) =>
        pagina.waitForResponse((r) => new URL(r.url()).pathname === ruta && r.request().method() === 'GET', { timeout: 5000 }),
      ),
    );
    await opcion.click();
    for (const r of await refetch) assert.equal(r.status(), 200, `${new URL(r.url()).pathname} asked again`);
    assert.equal(await pagina.evaluate(() => localStorage.getItem('sucursal')), otra);
    await pagina.getByRole('button', { name: 'Sucursal actual' }).filter({ hasText: nombre }).waitFor();
  });

  test('the host stand names its branch and switches it; the user menu goes between the console and the stand', async () => {
    const { user } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    await pagina.getByRole('button', { name: 'Cuenta de usuario' }).click();
    await pagina.getByRole('menuitem', { name: 'Ir a Recepción' }).click();
    await pagina.waitForURL((u) => u.pathname === '/hostes');
    const actual = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const otra = user.tags.find((t) => t !== actual);
    const selector = pagina.getByRole('button', { name: 'Sucursal actual' });
    await selector.click();
    const opcion = pagina.locator(`[role="option"][data-tag="${otra}"]`);
    const nombre = (await opcion.locator('.font-medium').innerText()).trim();
    await opcion.click();
    await selector.filter({ hasText: nombre }).waitFor();
    assert.equal(await pagina.evaluate(() => localStorage.getItem('sucursal')), otra);
    await pagina.getByRole('button', { name: 'Cuenta de usuario' }).click();
    await pagina.getByRole('menuitem', { name: 'Ir a la consola' }).click();
    await pagina.waitForURL((u) => u.pathname === '/reservaciones/hoy');
    // The branch chosen at the stand is the console's too.
    await selector.filter({ hasText: nombre }).waitFor();
  });

  test('the entry of the current first path segment is highlighted', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    await pagina.goto(`${servidor.base}/reservaciones/todas`);
    const nav = pagina.locator('[data-testid="panel-menu"]');
    await nav.getByRole('link', { name: 'Reservaciones' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Reservaciones' }).getAttribute('aria-current'), 'page');
    assert.equal(await nav.locator('[aria-current="page"]').count(), 1);
    await pagina.goto(`${servidor.base}/reservaciones`);
    await pagina.waitForURL((u) => u.pathname === '/reservaciones/hoy');
    await pagina.goto(`${servidor.base}/walkin`);
    await pagina.waitForURL((u) => u.pathname === '/walkin/hoy');
    assert.equal(await nav.getByRole('link', { name: 'Walk-in' }).getAttribute('aria-current'), 'page');
  });

  test('at 800 px the menu is a drawer that closes on navigation', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    await pagina.setViewportSize({ width: 800, height: 1000 });
    try {
      await pagina.goto(`${servidor.base}/reservaciones/hoy`);
      await pagina.getByRole('button', { name: 'Abrir menú' }).waitFor();
      assert.equal(await pagina.getByTestId('panel-menu').isVisible(), false, 'no fixed panel below 1200 px');
      await pagina.getByRole('button', { name: 'Abrir menú' }).click();
      const drawer = pagina.getByRole('dialog');
      await drawer.waitFor();
      await drawer.getByRole('link', { name: 'Clientes' }).click();
      await pagina.waitForURL((u) => u.pathname === '/clientes');
      await drawer.waitFor({ state: 'detached' });
      await pagina.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    } finally {
      await pagina.setViewportSize({ width: 1280, height: 900 });
    }
    assert.equal(await pagina.getByTestId('panel-menu').isVisible(), true, 'fixed panel from 1200 px');
    assert.equal(await pagina.getByRole('button', { name: 'Abrir menú' }).isVisible(), false);
  });

  test('/walkin/registrar needs walkin.index: without it the Hoy tab opens instead', async () => {
    const { user } = await entrar(pagina, servidor.base, CUENTAS.reservaciones);
    assert.ok(!user.role.permissions.some((p) => p.name === 'walkin.index'), 'the demo Reservaciones role lacks walkin.index');
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await pagina.waitForURL((u) => u.pathname === '/walkin/hoy');
    const pestanas = pagina.getByRole('navigation', { name: 'Walk-in' });
    await pestanas.getByRole('link', { name: 'Hoy' }).waitFor();
    assert.equal(await pestanas.getByRole('link', { name: 'Hoy' }).getAttribute('aria-current'), 'page');
    assert.equal(await pestanas.getByRole('link', { name: 'Registrar' }).count(), 0);
    assert.equal(await pagina.getByRole('heading', { name: 'Registrar walk-in' }).count(), 0);
  });

  test('/walkin/registrar opens the wizard for a user holding walkin.index', async () => {
    await entrar(pagina, servidor.base, CUENTAS.hostess);
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await pagina.getByRole('heading', { name: 'Registrar walk-in' }).waitFor();
    assert.equal(new URL(pagina.url()).pathname, '/walkin/registrar');
  });

  test('the typeface the stylesheet names is served with the console, not taken from the machine', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    await pagina.getByRole('heading', { name: 'Reservaciones', level: 1 }).waitFor();
    const fuente = await pagina.evaluate(async () => {
      await document.fonts.ready;
      const cara = [...document.fonts].find((f) => f.family.replace(/["']/g, '') === 'Public Sans Variable' && f.status === 'loaded');
      return { familia: getComputedStyle(document.body).fontFamily, cargada: Boolean(cara), desde: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.woff2')).map((e) => new URL(e.name).origin) };
    });
    assert.match(fuente.familia, /^"?Public Sans Variable"?,/);
    assert.ok(fuente.cargada, 'Public Sans is loaded');
    assert.ok(fuente.desde.length > 0 && fuente.desde.every((o) => o === new URL(servidor.base).origin), 'from the console itself');
  });

  test("at 1280 px the branch selector shows each branch's whole name", async () => {
    const { user } = await entrar(pagina, servidor.base, CUENTAS.reservaciones);
    await selectorListo(pagina);
    for (const tag of user.tags) {
      await pagina.getByRole('button', { name: 'Sucursal actual' }).click();
      const opcion = pagina.locator(`[role="option"][data-tag="${tag}"]`);
      const nombre = (await opcion.locator('.font-medium').innerText()).trim();
      await opcion.click();
      const boton = pagina.getByRole('button', { name: 'Sucursal actual' }).filter({ hasText: nombre });
      await boton.waitFor();
      const cortado = await boton.locator('span[title]').evaluate((el) => el.scrollWidth > el.clientWidth);
      assert.equal(cortado, false, `${nombre} is shown whole`);
    }
  });

  test('on a phone the tab bar scrolls sideways, with a cue on the side that hides tabs', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    await pagina.setViewportSize({ width: 390, height: 844 });
    try {
      await pagina.goto(`${servidor.base}/reservaciones/hoy`);
      const barra = pagina.getByRole('navigation', { name: 'Estado de las reservaciones' });
      await barra.getByRole('link', { name: 'Hoy' }).waitFor();
      await pagina.getByTestId('pestanas-mas-derecha').waitFor();
      assert.equal(await pagina.getByTestId('pestanas-mas-izquierda').count(), 0);
      const fuera = await barra.getByRole('link', { name: 'Todas' }).evaluate((el) => el.getBoundingClientRect().right > window.innerWidth);
      assert.ok(fuera, 'the last tab starts out of view');
      // The active tab is brought into view, and the cue moves to the other side at the end.
      await barra.getByRole('link', { name: 'Todas' }).click();
      await pagina.waitForURL((u) => u.pathname === '/reservaciones/todas');
      await pagina.getByTestId('pestanas-mas-izquierda').waitFor();
      await pagina.getByTestId('pestanas-mas-derecha').waitFor({ state: 'detached' });
      const visible = await barra.getByRole('link', { name: 'Todas' }).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= 0 && r.right <= window.innerWidth;
      });
      assert.ok(visible, 'the active tab is in view');
    } finally {
      await pagina.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test('an unknown address shows a Spanish not-found page', async () => {
    await pagina.goto(`${servidor.base}/no-existe`);
    await pagina.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
  });
});
