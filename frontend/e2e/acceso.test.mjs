// The served page loads the WASM core and the console refuses anyone without a session.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CUENTAS, PASSWORD, enReposo, entrar, prepararSuite } from './navegador.mjs';

let servidor;
let navegador;
let pagina;

// Each test starts signed out on a fresh page, whatever the one before it left behind.
prepararSuite((s) => ({ servidor, navegador, pagina } = s));

/** The /api/ requests the page makes while `hacer` runs (and a moment after, for stragglers). */
async function llamadasDurante(hacer) {
  const llamadas = [];
  const anotar = (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) llamadas.push(`${r.method()} ${new URL(r.url()).pathname}`);
  };
  pagina.on('request', anotar);
  try {
    await hacer();
    await pagina.evaluate(() => new Promise((r) => setTimeout(r, 250)));
  } finally {
    pagina.off('request', anotar);
  }
  return llamadas;
}

test('the login page refuses a bad e-mail or an empty field with the WASM core message and sends nothing', async () => {
  const casos = [
    { correo: 'ana@demo', clave: 'demo1234', mensaje: 'Correo electrónico no válido', foco: 'email' },
    { correo: '', clave: 'demo1234', mensaje: 'Escribe tu correo y tu contraseña.', foco: 'email' },
    { correo: '   ', clave: 'demo1234', mensaje: 'Escribe tu correo y tu contraseña.', foco: 'email' },
    { correo: 'gerente@demo.mx', clave: '', mensaje: 'Escribe tu correo y tu contraseña.', foco: 'password' },
    { correo: '', clave: '', mensaje: 'Escribe tu correo y tu contraseña.', foco: 'email' },
  ];
  for (const caso of casos) {
    const nombre = JSON.stringify([caso.correo, caso.clave]);
    // A fresh page each time, so a toast left by the case before cannot answer for this one.
    await pagina.goto(`${servidor.base}/login`);
    await pagina.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    const llamadas = await llamadasDurante(async () => {
      await pagina.getByLabel('Correo electrónico').fill(caso.correo);
      await pagina.getByLabel('Contraseña', { exact: true }).fill(caso.clave);
      await pagina.getByRole('button', { name: 'Iniciar sesión' }).click();
      const aviso = pagina.getByRole('alert').filter({ hasText: caso.mensaje });
      await aviso.waitFor();
      assert.equal((await aviso.textContent())?.trim(), caso.mensaje, nombre);
    });
    assert.deepEqual(llamadas, [], `${nombre} was refused in the browser, not sent to the server`);
    // Focus moves right after the toast appears; wait for it rather than race it.
    const foco = await pagina
      .waitForFunction((f) => document.activeElement?.getAttribute('name') === f, caso.foco, { timeout: 3000 })
      .then(() => caso.foco)
      .catch(() => pagina.evaluate(() => document.activeElement?.getAttribute('name') ?? null));
    assert.equal(foco, caso.foco, `${nombre}: the cursor is where the fix is`);
    assert.equal(new URL(pagina.url()).pathname, '/login');
  }
});

test("the login loads the core's login module alone; the signed-in screens' rules arrive after sign-in", async () => {
  /** The WebAssembly modules the page fetched while `hacer` ran, with their sizes. */
  async function modulosDurante(hacer) {
    const modulos = [];
    const anotar = async (r) => {
      if (new URL(r.url()).pathname.endsWith('.wasm')) modulos.push((await r.body()).length);
    };
    pagina.on('response', anotar);
    try {
      await hacer();
      await enReposo(pagina);
    } finally {
      pagina.off('response', anotar);
    }
    return modulos;
  }
  const enLogin = await modulosDurante(async () => {
    await pagina.goto(`${servidor.base}/login`);
    await pagina.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
  });
  assert.equal(enLogin.length, 1, `one module on /login: ${enLogin}`);
  const despues = await modulosDurante(async () => {
    await pagina.getByLabel('Correo electrónico').fill(CUENTAS.gerente);
    await pagina.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await pagina.getByRole('button', { name: 'Iniciar sesión' }).click();
    await pagina.waitForURL((u) => !u.pathname.startsWith('/login'));
    await pagina.getByRole('navigation').first().waitFor();
  });
  assert.equal(despues.length, 1, `the rules module after sign-in: ${despues}`);
  assert.ok(despues[0] > 3 * enLogin[0], `the login's module (${enLogin[0]} B) is a small part of the rules (${despues[0]} B)`);
});

test('a wrong password shows the server message as a toast and stays on /login', async () => {
  await pagina.getByLabel('Correo electrónico').fill('gerente@demo.mx');
  await pagina.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
  const [respuesta] = await Promise.all([
    pagina.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login')),
    pagina.getByRole('button', { name: 'Iniciar sesión' }).click(),
  ]);
  const { message } = await respuesta.json();
  assert.ok(respuesta.status() >= 400 && message, 'the server refuses with a message');
  await pagina.getByRole('alert').filter({ hasText: message }).waitFor();
  assert.equal(new URL(pagina.url()).pathname, '/login');
  assert.equal(await pagina.evaluate(() => localStorage.getItem('mqadtk')), null);
});

test('a throttled login counts down the wait the server names, then can be sent again', async () => {
  // The real throttle would lock this suite's account for fifteen minutes: answer as it does.
  const rafaga = '**/api/v1/auth/login';
  await pagina.route(rafaga, (ruta) =>
    ruta.fulfill({
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
      body: JSON.stringify({ status: 'error', message: 'Demasiados intentos. Espera 2 segundos e inténtalo de nuevo.', data: { reintentar_en: 2 } }),
    }),
  );
  try {
    await pagina.getByLabel('Correo electrónico').fill('gerente@demo.mx');
    await pagina.getByLabel('Contraseña', { exact: true }).fill('demo1234');
    await pagina.getByRole('button', { name: 'Iniciar sesión' }).click();
    await pagina.getByRole('status').filter({ hasText: 'Demasiados intentos. Podrás intentarlo de nuevo en' }).waitFor();
    const esperando = pagina.getByRole('button', { name: /^Espera \d+ s$/ });
    assert.ok(await esperando.isDisabled(), 'nothing is sent while the wait lasts');
    const listo = pagina.getByRole('button', { name: 'Iniciar sesión' });
    await listo.waitFor({ timeout: 5000 });
    assert.ok(await listo.isEnabled());
  } finally {
    await pagina.unroute(rafaga);
  }
});

test("an account's wait holds that account only, and the last try is announced before it is spent", async () => {
  const rafaga = '**/api/v1/auth/login';
  let respuesta = { status: 401, message: 'Correo o contraseña incorrectos', data: { intentos_restantes: 1 } };
  await pagina.route(rafaga, (ruta) =>
    ruta.fulfill({
      status: respuesta.status,
      headers: { 'Content-Type': 'application/json', ...(respuesta.status === 429 ? { 'Retry-After': '883' } : {}) },
      body: JSON.stringify({ status: 'error', message: respuesta.message, data: respuesta.data }),
    }),
  );
  try {
    await pagina.goto(`${servidor.base}/login`);
    const correo = pagina.getByLabel('Correo electrónico');
    await correo.fill('hostess@demo.mx');
    await pagina.getByLabel('Contraseña', { exact: true }).fill('adivinando');
    await pagina.getByRole('button', { name: 'Iniciar sesión' }).click();
    const aviso = pagina.locator('[data-aviso="ultimo-intento"]');
    await aviso.waitFor();
    assert.equal(await aviso.innerText(), 'Te queda un intento con esta cuenta: si la contraseña no es correcta, tendrás que esperar 15 minutos.');

    respuesta = { status: 429, message: 'Demasiados intentos. Espera 15 minutos e inténtalo de nuevo.', data: { reintentar_en: 883, alcance: 'cuenta' } };
    await pagina.getByRole('button', { name: 'Iniciar sesión' }).click();
    const estado = pagina.getByRole('status').filter({ hasText: 'Demasiados intentos.' });
    await estado.waitFor();
    // A wait read as a wait, not as a clock time.
    assert.match(await estado.innerText(), /Podrás intentarlo de nuevo en 14 min 4\d s con esta cuenta; otra cuenta puede entrar ahora\./);
    assert.ok(await pagina.getByRole('button', { name: /^Espera 14 min 4\d s$/ }).isDisabled());
    // The manager signs in on the same tablet: the hostess's wait does not hold another e-mail.
    await correo.fill('gerente@demo.mx');
    const entrarBoton = pagina.getByRole('button', { name: 'Iniciar sesión' });
    await entrarBoton.waitFor();
    assert.ok(await entrarBoton.isEnabled());
    assert.equal(await estado.count(), 0);
    await correo.fill('HOSTESS@demo.mx');
    assert.ok(await pagina.getByRole('button', { name: /^Espera / }).isDisabled(), "the throttled account's wait is still there");
  } finally {
    await pagina.unroute(rafaga);
  }
});

test('the console runs under its Content-Security-Policy without a violation', async () => {
  const violaciones = [];
  const anotar = (m) => {
    if (/Content Security Policy/i.test(m.text())) violaciones.push(m.text());
  };
  pagina.on('console', anotar);
  try {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    await pagina.goto(`${servidor.base}/reservaciones/hoy`);
    // The bell's stream never ends, so wait for every other request instead of network idle.
    await enReposo(pagina);
  } finally {
    pagina.off('console', anotar);
  }
  assert.deepEqual(violaciones, []);
});

test('a visit without a session lands on /login', async () => {
  for (const ruta of ['/', '/users', '/reservaciones/hoy', '/walkin/registrar', '/hostes', '/logs/walk-in']) {
    await pagina.goto(`${servidor.base}${ruta}`);
    await pagina.waitForURL((u) => u.pathname === '/login');
    await pagina.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
  }
});

test('a token without its cookie is no session: storage is cleared and /login shown', async () => {
  await pagina.evaluate(() => {
    localStorage.setItem('mqadtk', 'token-sin-cookie');
    localStorage.setItem(
      'mqadusr',
      JSON.stringify({ _id: '1', name: 'Ana', email: 'ana@demo.mx', tags: ['polanco'], role: { name: 'Gerente', permissions: [] } }),
    );
    localStorage.setItem('sucursal', 'polanco');
  });
  await pagina.goto(`${servidor.base}/reservaciones/hoy`);
  await pagina.waitForURL((u) => u.pathname === '/login');
  await pagina.waitForFunction(() => localStorage.length === 0);
});

test('public pages need no session', async () => {
  // The booking page and the widget open on the branch's form, never on /login.
  await pagina.goto(`${servidor.base}/reservacion/polanco`);
  await pagina.getByRole('heading', { name: /^Reserva en / }).waitFor();
  assert.equal(new URL(pagina.url()).pathname, '/reservacion/polanco');
  await pagina.goto(`${servidor.base}/widget/polanco`);
  await pagina.getByRole('heading', { name: /^Reserva en / }).waitFor();
  assert.equal(new URL(pagina.url()).pathname, '/widget/polanco');
});

test('a token the server revoked ends the session at the next call: storage wiped, /login shown', async () => {
  const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
  // Let the landing page's own calls finish first: revoked while one is in flight, that call's 401
  // would end the session (and show its toast) on the page about to be reloaded. Network idle, the
  // bell's ever-open live stream aside.
  await enReposo(pagina);
  const fuera = await fetch(`${servidor.api}/api/v1/auth/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(fuera.status, 200);
  // The reload's first calls hear the 401: the session ends here too, and the login page says why
  // in the server's words until the next sign-in (a toast could be gone before anyone looks).
  await pagina.reload();
  await pagina.waitForURL((u) => u.pathname === '/login');
  await pagina.waitForFunction(() => localStorage.length === 0);
  const cookies = await navegador.contexto.cookies(servidor.base);
  assert.deepEqual(cookies.filter((c) => c.name === 'rgatk'), []);
  const aviso = pagina.getByTestId('fin-de-sesion');
  assert.equal(await aviso.getAttribute('role'), 'alert');
  assert.equal((await aviso.innerText()).trim(), 'Tu sesión expiró. Inicia sesión de nuevo.');
  // Signed in again, the page no longer says it.
  await entrar(pagina, servidor.base, CUENTAS.hostess);
  await pagina.evaluate(() => localStorage.clear());
  await pagina.goto(`${servidor.base}/login`);
  await pagina.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
  assert.equal(await pagina.getByTestId('fin-de-sesion').count(), 0);
});

test('the console authenticates with the bearer alone: the rgatk cookie is a same-site marker, never a credential', async () => {
  // Every API call leaves the browser without its cookies, as a server that ignores them sees it.
  await pagina.route('**/api/**', async (ruta) => {
    const { cookie: _cookie, ...sinCookie } = await ruta.request().allHeaders();
    await ruta.continue({ headers: sinCookie });
  });
  const peticiones = [];
  const anotar = (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) peticiones.push(r);
  };
  pagina.on('request', anotar);
  try {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);

    const cookie = (await navegador.contexto.cookies(servidor.base)).find((c) => c.name === 'rgatk');
    assert.ok(cookie, 'the marker cookie is set');
    assert.equal(cookie.sameSite, 'Strict');
    // The cookie alone opens nothing (stripped here, and ignored by the server in any case).
    const soloCookie = await pagina.evaluate(() => fetch('/api/v1/auth/me').then((r) => r.status));
    assert.equal(soloCookie, 401);

    // The screens still work: branches load, and a reload confirms the session with the server.
    await pagina.waitForFunction(
      () => !document.querySelector('[data-testid="selector-sucursal"]')?.hasAttribute('data-disabled'),
    );
    const [yo] = await Promise.all([
      pagina.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/auth/me'),
      pagina.reload(),
    ]);
    assert.equal(yo.status(), 200);
    await pagina.getByRole('button', { name: 'Sucursal actual' }).waitFor();
    assert.equal(new URL(pagina.url()).pathname, '/reservaciones/hoy');
    assert.equal(await pagina.evaluate(() => localStorage.getItem('mqadtk')), token);

    // Every call the console made after signing in carried the bearer token.
    const conBearer = [];
    const sinBearer = [];
    for (const r of peticiones) {
      const ruta = new URL(r.url()).pathname;
      if (ruta === '/api/v1/auth/login') continue;
      const { authorization } = await r.allHeaders();
      (authorization === `Bearer ${token}` ? conBearer : sinBearer).push(`${r.method()} ${ruta}`);
    }
    for (const ruta of ['GET /api/v1/auth/me', 'GET /api/v1/admin/sucursal/sucuser/suc']) {
      assert.ok(conBearer.includes(ruta), `${ruta} was called with the bearer (${conBearer})`);
    }
    assert.deepEqual(sinBearer, ['GET /api/v1/auth/me'], "only the test's own cookie-only probe went without the bearer");
  } finally {
    pagina.off('request', anotar);
    await pagina.unroute('**/api/**');
  }
});
