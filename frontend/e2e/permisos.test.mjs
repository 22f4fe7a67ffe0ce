// The route guard: an address typed by a role that lacks its screen's permission shows the
// no-permission page inside the layout, never the screen; / takes a role without the dashboard
// to its landing screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CUENTAS, entrar, llamarApi, prepararSuite } from './navegador.mjs';

let servidor;
let pagina;

// Each test starts signed out on a fresh page, whatever the one before it left behind.
prepararSuite((s) => ({ servidor, pagina } = s));

const SIN_PERMISO = 'No tienes permiso para ver esta pantalla';

test('a Hostess typing /users, /roles, /marcas or /integraciones sees the no-permission page, not the screen', async () => {
  const { user } = await entrar(pagina, servidor.base, CUENTAS.hostess);
  const permisos = user.role.permissions.map((p) => p.name);
  const casos = [
    { ruta: '/users', titulo: 'Usuarios', permiso: 'users.index' },
    { ruta: '/roles', titulo: 'Roles', permiso: 'role.index' },
    { ruta: '/marcas', titulo: 'Marcas', permiso: 'marcas.index' },
    { ruta: '/integraciones', titulo: 'Integraciones', permiso: 'integraciones.index' },
  ];
  for (const { ruta, titulo, permiso } of casos) {
    assert.ok(!permisos.includes(permiso), `the demo Hostess lacks ${permiso}`);
    await pagina.goto(`${servidor.base}${ruta}`);
    const contenido = pagina.locator('#contenido');
    await contenido.getByRole('heading', { name: SIN_PERMISO, level: 1 }).waitFor();
    assert.equal(new URL(pagina.url()).pathname, ruta, 'the address stays what was typed');
    assert.equal(await pagina.getByRole('heading', { name: titulo, exact: true }).count(), 0, `no ${titulo} heading`);
    assert.match(await contenido.innerText(), /pide a un administrador/i);
    // Still inside the main layout: its menu and top bar are there.
    await pagina.getByTestId('panel-menu').getByRole('navigation', { name: 'Menú principal' }).waitFor();
    await pagina.getByRole('button', { name: 'Cuenta de usuario' }).waitFor();
    // The title is set by an effect just after the page shows: wait for it, do not race it.
    await pagina.waitForFunction(() => document.title === 'Sin permiso · Anfitrión');
    const volver = contenido.getByRole('link', { name: 'Ir a Recepción' });
    assert.equal(await volver.getAttribute('href'), '/hostes');
  }
  // The link leads to the Hostess's landing screen: the host stand, where she works.
  await pagina.locator('#contenido').getByRole('link', { name: 'Ir a Recepción' }).click();
  await pagina.waitForURL((u) => u.pathname === '/hostes');
  await pagina.getByRole('heading', { name: 'Recepción', level: 1 }).waitFor();
  assert.equal(await pagina.getByRole('heading', { name: SIN_PERMISO }).count(), 0);
});

test('a Hostess signs in at the host stand, and / takes her back there', async () => {
  const { user } = await entrar(pagina, servidor.base, CUENTAS.hostess);
  assert.equal(user.role.inicio, '/hostes', 'the demo Hostess role names the host stand');
  assert.equal(new URL(pagina.url()).pathname, '/hostes');
  await pagina.getByRole('heading', { name: 'Recepción', level: 1 }).waitFor();
  assert.ok(!user.role.permissions.some((p) => p.name === 'dashboard.index'), 'the demo Hostess lacks dashboard.index');
  await pagina.goto(`${servidor.base}/`);
  await pagina.waitForURL((u) => u.pathname === '/hostes');
  await pagina.getByRole('heading', { name: 'Recepción', level: 1 }).waitFor();
  assert.equal(await pagina.getByRole('heading', { name: 'Dashboard' }).count(), 0);
  assert.equal(await pagina.getByRole('heading', { name: SIN_PERMISO }).count(), 0);
});

test('a Hostess following the logo lands at the host stand, not on a refusal; the menu leads there too', async () => {
  await entrar(pagina, servidor.base, CUENTAS.hostess);
  await pagina.goto(`${servidor.base}/users`);
  await pagina.getByRole('heading', { name: SIN_PERMISO }).waitFor();
  await pagina.getByTestId('panel-menu').getByRole('link', { name: 'Anfitrión, ir al inicio' }).click();
  await pagina.waitForURL((u) => u.pathname === '/hostes');
  await pagina.getByRole('heading', { name: 'Recepción', level: 1 }).waitFor();
  // The side menu's first entry is the host stand.
  await pagina.goto(`${servidor.base}/reservaciones/hoy`);
  const menu = pagina.getByTestId('panel-menu').getByRole('navigation', { name: 'Menú principal' });
  const primero = menu.getByRole('link').first();
  assert.equal((await primero.innerText()).trim(), 'Recepción');
  await primero.click();
  await pagina.waitForURL((u) => u.pathname === '/hostes');
});

test('a manager finds the branch settings in the menu, and a role set to land on Salón lands there', async () => {
  const { token } = await entrar(pagina, servidor.base, CUENTAS.sistemas);
  // Sistemas sets the Gerente role's landing screen in the roles form.
  await pagina.goto(`${servidor.base}/roles`);
  await pagina.getByRole('button', { name: 'Editar el rol Gerente' }).click();
  const dialogo = pagina.getByRole('dialog', { name: 'Editar rol Gerente' });
  const inicio = dialogo.getByLabel('Pantalla de inicio');
  // A screen the role cannot open is offered but not choosable.
  assert.equal(await inicio.locator('option', { hasText: 'Usuarios' }).isDisabled(), true);
  await inicio.selectOption('/salon');
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await dialogo.waitFor({ state: 'detached' });
  const roles = (await llamarApi(servidor, '/v1/admin/roles', { token })).body.data;
  assert.equal(roles.find((r) => r.name === 'Gerente').inicio, '/salon');

  await pagina.evaluate(() => localStorage.clear());
  await entrar(pagina, servidor.base, CUENTAS.gerente);
  assert.equal(new URL(pagina.url()).pathname, '/salon');
  await pagina.getByRole('heading', { name: 'Salón', level: 1 }).waitFor();
  const menu = pagina.getByTestId('panel-menu').getByRole('navigation', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Configuración' }).click();
  await pagina.waitForURL((u) => u.pathname === '/conf-walkin');
  await pagina.getByRole('heading', { name: 'Configuración de walk-in', level: 1 }).waitFor();

  // The other tests of this file meet the Gerente role as the demo has it.
  const gerente = roles.find((r) => r.name === 'Gerente');
  const vuelta = await llamarApi(servidor, `/v1/admin/roles/${gerente._id}`, {
    token,
    method: 'PUT',
    body: { name: 'Gerente', permissions: gerente.permissions.map((p) => p.name), inicio: null },
  });
  assert.equal(vuelta.status, 200, vuelta.body.message);
});

test('a Gerente visiting / sees the Dashboard', async () => {
  const { user } = await entrar(pagina, servidor.base, CUENTAS.gerente);
  assert.ok(user.role.permissions.some((p) => p.name === 'dashboard.index'), 'the demo Gerente holds dashboard.index');
  await pagina.goto(`${servidor.base}/`);
  await pagina.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  assert.equal(new URL(pagina.url()).pathname, '/');
  assert.equal(await pagina.getByRole('heading', { name: SIN_PERMISO }).count(), 0);
});

test('Sistemas is refused the reservations and pointed at its own landing screen', async () => {
  await entrar(pagina, servidor.base, CUENTAS.sistemas);
  await pagina.goto(`${servidor.base}/reservaciones/todas/r-1`);
  const contenido = pagina.locator('#contenido');
  await contenido.getByRole('heading', { name: SIN_PERMISO }).waitFor();
  assert.equal(await contenido.getByRole('navigation', { name: 'Estado de las reservaciones' }).count(), 0, 'no tab bar');
  assert.equal(await contenido.getByRole('link', { name: 'Ir a Usuarios' }).getAttribute('href'), '/users');
});

test("the Dashboard names its branch, and each origin keeps one colour and its list name in every chart", async () => {
  const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
  const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
  const { body } = await llamarApi(servidor, '/v1/admin/sucursal/sucuser/suc', { token });
  const sucursal = body.data.find((s) => s.tag === tag);
  await pagina.goto(`${servidor.base}/`);
  await pagina.getByTestId('tablero-sucursal').filter({ hasText: sucursal.name }).waitFor();
  await pagina.locator('svg[data-grafica="apiladas"] rect[data-clave]').first().waitFor();
  await pagina.locator('[data-grafica="origenes"] li[data-origen]').first().waitFor();
  // The 30-day mix: one fill per origin, whatever day.
  const mezcla = await pagina.locator('svg[data-grafica="apiladas"] rect[data-clave]').evaluateAll((rs) => rs.map((r) => [r.dataset.clave, r.getAttribute('fill')]));
  const colores = new Map();
  for (const [clave, fill] of mezcla) {
    assert.equal(colores.get(clave) ?? fill, fill, `${clave} drawn in two colours`);
    colores.set(clave, fill);
  }
  assert.equal(new Set(colores.values()).size, colores.size, 'two origins share a colour');
  // Today's bars: the same colour for the same origin, under the name the lists give it.
  const hoy = await pagina.locator('[data-grafica="origenes"] li[data-origen]').evaluateAll((lis) =>
    lis.map((li) => [li.dataset.origen, li.querySelector('[data-tinta]').dataset.tinta, li.querySelector('span').textContent]),
  );
  let comunes = 0;
  for (const [clave, tinta, nombre] of hoy) {
    if (colores.has(clave)) {
      assert.equal(tinta, colores.get(clave), `${clave}: today's bar and the mix differ`);
      comunes++;
    }
    if (clave === 'google') assert.equal(nombre, 'Google');
    if (clave === 'Whatsapp') assert.equal(nombre, 'WhatsApp');
  }
  assert.ok(comunes > 0, 'an origin of today is in the mix');
});
