// The served page loads the WASM core and the console refuses anyone without a session.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { abrirNavegador, CUENTAS, entrar, limpiar } from './navegador.mjs';
import { iniciarServidor } from './servidor.mjs';

let servidor;
let navegador;
let pagina;

before(async () => {
  servidor = await iniciarServidor();
  navegador = await abrirNavegador();
  pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
});

after(async () => {
  await navegador?.cerrar();
  await servidor?.cerrar();
});

test('the login page answers a bad e-mail with the WASM core message and sends nothing', async () => {
  const llamadas = [];
  const anotar = (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) llamadas.push(r.url());
  };
  await pagina.goto(`${servidor.base}/login`);
  await pagina.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
  pagina.on('request', anotar);
  try {
    await pagina.getByLabel('Correo electrónico').fill('ana@demo');
    await pagina.getByLabel('Contraseña', { exact: true }).fill('demo1234');
    await pagina.getByRole('button', { name: 'Iniciar sesión' }).click();
    const aviso = pagina.getByRole('alert').filter({ hasText: 'Correo electrónico no válido' });
    await aviso.waitFor();
    assert.equal((await aviso.textContent())?.trim(), 'Correo electrónico no válido');
  } finally {
    pagina.off('request', anotar);
  }
  assert.deepEqual(llamadas, [], 'the e-mail was refused in the browser, not by the server');
});

test('a wrong password shows the server message as a toast and stays on /login', async () => {
  await pagina.goto(`${servidor.base}/login`);
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

test('a visit without a session lands on /login', async () => {
  for (const ruta of ['/', '/users', '/reservaciones/hoy', '/walkin/registrar', '/hostes', '/logs/walk-in']) {
    await pagina.goto(`${servidor.base}${ruta}`);
    await pagina.waitForURL((u) => u.pathname === '/login');
    await pagina.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
  }
});

test('a token without its cookie is no session: storage is cleared and /login shown', async () => {
  await pagina.goto(`${servidor.base}/login`);
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
  await pagina.goto(`${servidor.base}/reservacion/polanco`);
  await pagina.getByRole('heading', { name: 'Reservar' }).waitFor();
  assert.equal(new URL(pagina.url()).pathname, '/reservacion/polanco');
  await pagina.goto(`${servidor.base}/widget/polanco`);
  await pagina.getByRole('heading', { name: 'Widget de reservaciones' }).waitFor();
});

test('a token the server revoked ends the session at the next call: storage wiped, /login shown', async () => {
  await limpiar(navegador.contexto, pagina, servidor.base);
  const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
  const fuera = await fetch(`${servidor.api}/api/v1/auth/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(fuera.status, 200);
  // The reload asks the server who is signed in; its 401 must end the session here too.
  await pagina.reload();
  await pagina.waitForURL((u) => u.pathname === '/login');
  await pagina.waitForFunction(() => localStorage.length === 0);
  const cookies = await navegador.contexto.cookies(servidor.base);
  assert.deepEqual(cookies.filter((c) => c.name === 'rgatk'), []);
  await pagina.getByRole('alert').first().waitFor();
});
