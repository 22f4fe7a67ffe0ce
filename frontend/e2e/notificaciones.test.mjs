// The bell against the real server: a reservation booked online while the console is open shows
// within a second, without a reload; choosing it marks it read and opens its detail; cancelling
// it there moves it to Canceladas. The popup waits for its first answer before saying anything,
// and the chime's switch is remembered.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CUENTAS, diaSucursal, entrar, llamarApi, prepararSuite } from './navegador.mjs';

let servidor;
let navegador;
let pagina;

prepararSuite((s) => ({ servidor, navegador, pagina } = s));

const esFlujo = (r) => new URL(r.url()).pathname === '/api/v1/admin/notifications/stream';
const campana = () => pagina.getByRole('button', { name: /^Notificaciones/ });
const panel = () => pagina.getByTestId('panel-notificaciones');

/** Books like a guest on the public page (no session): tomorrow at 15:00, or the next open day. */
async function reservarEnLinea(tag, name) {
  for (let dias = 1; dias <= 7; dias++) {
    const { status, body } = await llamarApi(servidor, '/v1/public/reservacion', {
      method: 'POST',
      body: {
        tag,
        name,
        email: `${name
          .normalize('NFD')
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean)
          .join('.')}@correo.mx`,
        phone: '525598765432',
        fecha_hora: `${diaSucursal(dias)} 15:00`,
        no_personas: 3,
        evento: 'Aniversario',
        comentarios: 'Reservada en línea durante la prueba',
        origin: 'Whatsapp',
      },
    });
    if (status === 201 || status === 200) return body.data;
    // Only the date may be refused (a closure): anything else is this test's mistake.
    assert.equal(body.data?.campo, 'fecha_hora', `${status}: ${body.message}`);
  }
  throw new Error('no day of the coming week accepts a booking at 15:00');
}

/** The unread count the badge shows (0 without a badge). */
async function sinLeer() {
  const insignia = pagina.getByTestId('notificaciones-sin-leer');
  if ((await insignia.count()) === 0) return 0;
  return Number(await insignia.innerText());
}

test('an online booking shows in the bell within a second; it opens its detail; cancelling moves it to Canceladas', async () => {
  const flujo = pagina.waitForResponse(esFlujo);
  const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
  const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
  // The stream is open (its headers arrived) before anything is booked.
  assert.equal((await flujo).status(), 200);
  assert.equal((await flujo).request().headers().authorization, `Bearer ${token}`, 'the stream sends the bearer header');
  assert.ok(!(await flujo).url().includes(token), 'the token never goes in the URL');

  await campana().click();
  await panel().locator('[data-notificacion]').first().waitFor();
  const antes = await sinLeer();
  await pagina.evaluate(() => {
    window.__sinRecargar = true;
  });

  const name = `Valeria Prueba ${String(Date.now()).slice(-5)}`;
  const reservada = await reservarEnLinea(tag, name);
  const desde = Date.now();
  const aviso = panel().locator('[data-notificacion]').filter({ hasText: name });
  await aviso.waitFor({ timeout: 1000 });
  const demora = Date.now() - desde;
  assert.ok(demora <= 1000, `shown ${demora} ms after the booking`);
  assert.equal(await pagina.evaluate(() => window.__sinRecargar), true, 'no reload');
  assert.equal(await panel().locator('[data-notificacion]').first().getAttribute('data-notificacion'), await aviso.getAttribute('data-notificacion'), 'newest first');
  await pagina.waitForFunction((n) => Number(document.querySelector('[data-testid="notificaciones-sin-leer"]')?.textContent) === n, antes + 1);
  assert.equal(await aviso.getAttribute('data-leida'), 'no');

  // Choosing it marks it read and opens its reservation under Todas.
  const idAviso = await aviso.getAttribute('data-notificacion');
  const leida = pagina.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/v1/admin/notifications/${idAviso}`);
  await aviso.click();
  assert.equal((await leida).status(), 200);
  await pagina.waitForURL((u) => u.pathname === `/reservaciones/todas/${reservada._id}`);
  const detalle = pagina.getByTestId('detalle-reservacion');
  await detalle.getByRole('heading', { name }).waitFor();
  assert.equal(await detalle.locator('[data-estado]').getAttribute('data-estado'), 'Pendiente');
  assert.equal(await detalle.locator('[data-campo="evento"]').innerText(), 'Aniversario');
  await pagina.locator(`a[data-reservacion="${reservada._id}"][aria-current="page"]`).waitFor();
  assert.equal(await sinLeer(), antes);
  assert.equal(await pagina.evaluate(() => window.__sinRecargar), true, 'still no reload');

  // Cancel, confirmed in a dialog.
  await detalle.getByRole('button', { name: 'Cancelar reservación' }).click();
  const dialogo = pagina.getByRole('dialog', { name: 'Cancelar reservación' });
  await dialogo.waitFor();
  const cancelada = pagina.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/v1/admin/reservacion/${reservada._id}/cancel`);
  await dialogo.getByRole('button', { name: 'Cancelar reservación' }).click();
  const respuesta = await cancelada;
  assert.equal(respuesta.status(), 200);
  const { message } = await respuesta.json();
  await pagina.getByRole('status').filter({ hasText: message }).waitFor();
  await dialogo.waitFor({ state: 'detached' });
  await detalle.locator('[data-estado="Cancelada"]').waitFor();
  assert.equal(await detalle.getByRole('button', { name: 'Cancelar reservación' }).count(), 0, 'a cancelled one cannot be cancelled again');

  // It is listed under Canceladas now, and no longer under Próximas.
  const tabs = pagina.getByRole('navigation', { name: 'Estado de las reservaciones' });
  await tabs.getByRole('link', { name: 'Canceladas' }).click();
  await pagina.waitForURL((u) => u.pathname === '/reservaciones/canceladas');
  await pagina.locator(`a[data-reservacion="${reservada._id}"]`).waitFor();
  await tabs.getByRole('link', { name: 'Próximas' }).click();
  await pagina.waitForURL((u) => u.pathname === '/reservaciones/pendientes');
  await pagina.locator('a[data-reservacion]').first().waitFor();
  const proximas = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag, status: 'pendientes', limit: '200' } });
  assert.ok(!proximas.body.data.items.some((r) => r._id === reservada._id), 'the API no longer lists it as coming');
  assert.equal(await pagina.locator(`a[data-reservacion="${reservada._id}"]`).count(), 0);

  // Back in the bell it reads as read.
  await campana().click();
  await panel().locator(`[data-notificacion="${idAviso}"][data-leida="si"]`).waitFor();
});

test('the popup shows two until Ver todas, and Ver menos folds it again', async () => {
  const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
  const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
  const { body } = await llamarApi(servidor, '/v1/admin/notifications', { token, query: { tag } });
  assert.ok(body.data.length > 2, 'the demo branch has several notifications');
  await campana().click();
  const items = panel().locator('[data-notificacion]');
  await items.first().waitFor();
  assert.equal(await items.count(), 2);
  assert.deepEqual(await items.evaluateAll((els) => els.map((e) => e.dataset.notificacion)), body.data.slice(0, 2).map((n) => n._id));
  await panel().getByRole('button', { name: 'Ver todas' }).click();
  await pagina.waitForFunction((n) => document.querySelectorAll('[data-testid="panel-notificaciones"] [data-notificacion]').length === n, body.data.length);
  await panel().getByRole('button', { name: 'Ver menos' }).click();
  await pagina.waitForFunction(() => document.querySelectorAll('[data-testid="panel-notificaciones"] [data-notificacion]').length === 2);
  assert.equal(await sinLeer(), body.data.filter((n) => !n.isRead).length, 'the badge counts the unread ones');
  const ancho = await panel().evaluate((el) => el.getBoundingClientRect().width);
  assert.equal(ancho, 360);
});

test('until the server answers, the popup shows a skeleton, never "no notifications"', async () => {
  let soltar;
  const retenida = new Promise((r) => (soltar = r));
  await pagina.route(
    (u) => u.pathname === '/api/v1/admin/notifications',
    async (ruta) => {
      await retenida;
      await ruta.continue();
    },
  );
  try {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    await campana().click();
    await panel().getByRole('list', { name: 'Cargando notificaciones' }).waitFor();
    assert.equal(await panel().getByText('Aún no tienes notificaciones').count(), 0);
    soltar();
    await panel().locator('[data-notificacion]').first().waitFor();
    assert.equal(await panel().getByRole('list', { name: 'Cargando notificaciones' }).count(), 0);
  } finally {
    soltar();
    await pagina.unrouteAll();
  }
});

test('the chime can be muted, and the browser remembers it', async () => {
  await entrar(pagina, servidor.base, CUENTAS.gerente);
  await campana().click();
  await panel().getByRole('button', { name: 'Silenciar sonido' }).click();
  await panel().getByRole('button', { name: 'Activar sonido', pressed: true }).waitFor();
  await pagina.reload();
  await campana().click();
  await panel().getByRole('button', { name: 'Activar sonido', pressed: true }).waitFor();
  await panel().getByRole('button', { name: 'Activar sonido' }).click();
  await panel().getByRole('button', { name: 'Silenciar sonido', pressed: false }).waitFor();
});

test('after the connection drops, the stream resumes from the last event and brings what was missed', async () => {
  const flujos = [];
  const anotar = (r) => esFlujo(r) && flujos.push(r);
  pagina.on('request', anotar);
  try {
    const primero = pagina.waitForResponse(esFlujo);
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    await primero;
    await campana().click();
    await panel().locator('[data-notificacion]').first().waitFor();

    // One event first, so the stream has an id to resume from.
    const uno = `Rodrigo Prueba ${String(Date.now()).slice(-5)}`;
    await reservarEnLinea(tag, uno);
    await panel().locator('[data-notificacion]').filter({ hasText: uno }).waitFor();

    // The network goes away; a booking arrives meanwhile; the network comes back.
    await navegador.contexto.setOffline(true);
    await pagina.waitForFunction(() => !navigator.onLine);
    const dos = `Sofía Prueba ${String(Date.now()).slice(-5)}`;
    await reservarEnLinea(tag, dos);
    const reanudado = pagina.waitForRequest((r) => esFlujo(r) && r.headers()['last-event-id'] !== undefined, { timeout: 15_000 });
    const listas = [];
    const anotarLista = (r) => new URL(r.url()).pathname === '/api/v1/admin/notifications' && listas.push(r);
    pagina.on('request', anotarLista);
    await navegador.contexto.setOffline(false);
    const pedido = await reanudado;
    assert.match(pedido.headers()['last-event-id'], /\S/, 'the reconnect names the last event it saw');
    await panel().locator('[data-notificacion]').filter({ hasText: dos }).waitFor();
    assert.equal(await panel().locator('[data-notificacion]').filter({ hasText: dos }).count(), 1, 'once');
    assert.equal(await panel().locator('[data-notificacion]').filter({ hasText: uno }).count(), 1, 'the one seen before is not repeated');
    pagina.off('request', anotarLista);
    assert.deepEqual(listas, [], 'the stream brought it, not a new request for the list');
  } finally {
    pagina.off('request', anotar);
    await navegador.contexto.setOffline(false);
  }
});
