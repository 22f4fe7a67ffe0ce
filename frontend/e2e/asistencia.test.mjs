// The attendance flow from the Asistencia button of /reservaciones/hoy, against the
// real server: a demo reservation found by e-mail and by the scanner device, seated with its
// comanda and abre, its tickets printed at 80 mm, then listed under Asistió; another branch's
// reservation refused with its brand and branch; codes that are not a reservation's refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CUENTAS, entrar, llamarApi, prepararSuite, sentablesAhora } from './navegador.mjs';
import { esperarFoco, esTicket80mm, imprimirPdf, impreso, toastUnico } from './orden.mjs';

let servidor;
let pagina;

prepararSuite((s) => ({ servidor, pagina } = s));

const ruta = (r) => new URL(r.url()).pathname;
const esBusqueda = (r) => r.request().method() === 'POST' && /^\/api\/v1\/admin\/reservacion(\/[^/]+)?\/check$/.test(ruta(r));
const esAsistencia = (r) => r.request().method() === 'PUT' && /\/asistencia$/.test(ruta(r));

/** The Pendiente reservations of a branch, as the API lists them (the server marks past ones no-show). */
async function pendientes(token, tag) {
  const { status, body } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag, status: 'pendientes', limit: '200' } });
  assert.equal(status, 200, body.message);
  return body.data.items;
}

/** Those the door may seat now: their arrival is today, around their time. */
async function llegandoAhora(token, tag) {
  return sentablesAhora(servidor, await pendientes(token, tag));
}

async function abrirAsistencia() {
  await pagina.goto(`${servidor.base}/reservaciones/hoy`);
  await pagina.getByRole('button', { name: 'Asistencia' }).click();
  const dialogo = pagina.getByRole('dialog', { name: 'Registrar asistencia' });
  await dialogo.waitFor();
  // Escape reaches the dialog once the focus is in it, as a host's key would (a loaded machine
  // may draw the dialog before it takes the focus).
  await pagina.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
  return dialogo;
}

/**
 * The order steps with what is prefilled, then Registrar Asistencia; answers the saved
 * reservation. The table is the floor's best free fit for the party (the first option offered).
 */
async function sentar(dialogo, r) {
  await dialogo.locator('form[data-paso="comanda"]').waitFor();
  await esperarFoco(pagina, { name: 'no_personas' });
  // Every guest an adult (and a promo adult); the other counts 0.
  const n = String(r.no_personas);
  assert.equal(await dialogo.locator('input[name="no_personas"]').inputValue(), n);
  const promo = (await dialogo.getByRole('switch', { name: 'Buffet promoción' }).getAttribute('aria-checked')) === 'true';
  const esperados = promo ? { buffet_promo_adulto: n, buffet_promo_girl: '0', buffet_promo_boy: '0' } : { buffet_adulto: n, buffet_boy: '0' };
  for (const [campo, valor] of Object.entries(esperados)) assert.equal(await dialogo.locator(`input[name="${campo}"]`).inputValue(), valor, campo);
  const cajaMesa = dialogo.locator('select[name="mesa"]');
  await cajaMesa.selectOption({ index: 1 });
  const mesa = await cajaMesa.inputValue();
  await dialogo.locator('select[name="mesero_id"]').selectOption({ index: 1 });
  await dialogo.getByRole('button', { name: 'Siguiente' }).click();
  await dialogo.locator('form[data-paso="abre"]').waitFor();
  assert.equal(await dialogo.locator('[data-paso="abre"] [data-campo="cliente"]').innerText(), r.name);
  assert.equal(await dialogo.locator('[data-paso="abre"] [data-campo="mesa"]').innerText(), mesa);

  let soltar;
  const retenida = new Promise((ok) => (soltar = ok));
  await pagina.route((u) => u.pathname.endsWith('/asistencia'), async (rt) => {
    await retenida;
    await rt.continue();
  });
  const respuesta = pagina.waitForResponse(esAsistencia);
  try {
    await dialogo.getByRole('button', { name: 'Registrar Asistencia' }).click();
    await dialogo.locator('button[aria-busy="true"]', { hasText: 'Registrar Asistencia' }).waitFor();
  } finally {
    soltar();
    await pagina.unrouteAll({ behavior: 'wait' });
  }
  const cuerpo = await (await respuesta).json();
  assert.equal((await respuesta).status(), 200, cuerpo.message);
  const pedido = (await respuesta).request().postDataJSON();
  assert.equal(pedido.status, 'Asistio');
  assert.equal(pedido.no_personas, r.no_personas);
  assert.equal(cuerpo.data.comanda.mesa, mesa, 'the table chosen on the floor');
  await toastUnico(pagina, 'Asistencia registrada correctamente. Imprime la comanda y el abre', 'exito');
  await dialogo.locator('[data-paso="imprimir"]').waitFor();
  return cuerpo.data;
}

/** Cerrar starts afresh and closes; the reservation then shows under Asistió. */
async function cerrarYVerEnAsistio(dialogo, id) {
  await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await dialogo.waitFor({ state: 'detached' });
  await pagina.goto(`${servidor.base}/reservaciones/asistio`);
  await pagina.locator(`a[data-reservacion="${id}"]`).waitFor();
}

describe('a rushed host at the attendance', () => {
  test('a real double click on Registrar Asistencia saves once and reaches the print step, without an error', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const r = (await llegandoAhora(token, tag)).find((x) => x.email);
    const dialogo = await abrirAsistencia();
    await dialogo.getByRole('button', { name: /Por correo/ }).click();
    await dialogo.getByLabel('Correo electrónico').fill(r.email);
    await dialogo.getByRole('button', { name: 'Buscar cliente' }).click();
    await dialogo.getByTestId('tarjeta-reservacion').waitFor();
    const id = await dialogo.getByTestId('tarjeta-reservacion').getAttribute('data-reservacion');
    await dialogo.getByRole('button', { name: 'Siguiente' }).click();
    await dialogo.locator('form[data-paso="comanda"]').waitFor();
    // The step is ready (its tables and waiters loaded) once the party has the focus.
    await esperarFoco(pagina, { name: 'no_personas' });
    await dialogo.locator('select[name="mesa"]').selectOption({ index: 1 });
    await dialogo.locator('select[name="mesero_id"]').selectOption({ index: 1 });
    await dialogo.getByRole('button', { name: 'Siguiente' }).click();
    await dialogo.locator('form[data-paso="abre"]').waitFor();

    let guardados = 0;
    const contar = (q) => q.method() === 'PUT' && /\/asistencia$/.test(new URL(q.url()).pathname) && guardados++;
    pagina.on('request', contar);
    await dialogo.getByRole('button', { name: 'Registrar Asistencia' }).dblclick();
    await toastUnico(pagina, 'Asistencia registrada correctamente. Imprime la comanda y el abre', 'exito');
    await dialogo.locator('[data-paso="imprimir"]').waitFor();
    pagina.off('request', contar);
    assert.equal(guardados, 1);
    assert.equal(await pagina.getByText('Error al guardar los datos').count(), 0, 'no error beside the success');
    const guardada = (await llamarApi(servidor, `/v1/admin/reservacion/${id}`, { token, query: { tag } })).body.data;
    assert.equal(guardada.status, 'Asistio');
  });
});

describe('the attendance dialog', () => {
  test('once the order is being filled, Escape or a click outside asks before dropping it', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const r = (await llegandoAhora(token, tag)).find((x) => x.email);
    let dialogo = await abrirAsistencia();
    // On the search nothing was typed yet: Escape closes at once.
    await pagina.keyboard.press('Escape');
    await dialogo.waitFor({ state: 'detached' });
    dialogo = await abrirAsistencia();
    await dialogo.getByRole('button', { name: /Por correo/ }).click();
    await dialogo.getByLabel('Correo electrónico').fill(r.email);
    await dialogo.getByRole('button', { name: 'Buscar cliente' }).click();
    await dialogo.getByTestId('tarjeta-reservacion').waitFor();
    await dialogo.getByRole('button', { name: 'Siguiente' }).click();
    await dialogo.locator('form[data-paso="comanda"]').waitFor();
    await esperarFoco(pagina, { name: 'no_personas' });
    await dialogo.locator('input[name="no_personas"]').fill('7');

    const confirmar = pagina.getByTestId('confirmar-descartar');
    await pagina.keyboard.press('Escape');
    await confirmar.waitFor();
    assert.equal(await confirmar.getByText('¿Descartar lo que llevas?').count(), 1);
    await confirmar.getByRole('button', { name: 'Seguir aquí' }).click();
    await confirmar.waitFor({ state: 'detached' });
    assert.equal(await dialogo.locator('input[name="no_personas"]').inputValue(), '7', 'what was typed is still there');
    // A stray tap outside the dialog asks too; Descartar closes it.
    await pagina.mouse.click(5, 5);
    await confirmar.waitFor();
    await confirmar.getByRole('button', { name: 'Descartar' }).click();
    await dialogo.waitFor({ state: 'detached' });
    dialogo = await abrirAsistencia();
    await dialogo.getByRole('button', { name: /Por correo/ }).waitFor();
    await pagina.keyboard.press('Escape');
    await dialogo.waitFor({ state: 'detached' });
  });


  test('finds a reservation by e-mail, seats it with its comanda and abre, prints both tickets, and it shows under Asistió', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const conCorreo = (await llegandoAhora(token, tag)).find((r) => r.email);
    assert.ok(conCorreo, 'a demo reservation with an e-mail is pending');

    const dialogo = await abrirAsistencia();
    const siguiente = dialogo.getByRole('button', { name: 'Siguiente' });
    assert.equal(await siguiente.isDisabled(), true);
    assert.equal(await dialogo.getByRole('button', { name: /Cámara/ }).isDisabled(), false, 'the camera is a method');
    await dialogo.getByRole('button', { name: /Por correo/ }).click();
    await dialogo.getByText('Ingresa los datos del cliente', { exact: true }).waitFor();
    const correo = dialogo.getByLabel('Correo electrónico');
    assert.equal(await correo.getAttribute('type'), 'email');
    await esperarFoco(pagina, { name: 'email' });

    // Core refuses a malformed e-mail before anything is sent.
    let busquedas = 0;
    const contar = (r) => {
      if (r.method() === 'POST' && /\/check$/.test(new URL(r.url()).pathname)) busquedas++;
    };
    pagina.on('request', contar);
    await correo.fill('sin-dominio@correo');
    await dialogo.getByRole('button', { name: 'Buscar cliente' }).click();
    await toastUnico(pagina, 'Correo electrónico no válido');
    pagina.off('request', contar);
    assert.equal(busquedas, 0);

    await correo.fill(conCorreo.email);
    let respuesta = pagina.waitForResponse(esBusqueda);
    await dialogo.getByRole('button', { name: 'Buscar cliente' }).click();
    assert.equal(ruta(await respuesta), '/api/v1/admin/reservacion/check');
    assert.deepEqual((await respuesta).request().postDataJSON(), { id: null, tag, email: conCorreo.email });
    const tarjeta = dialogo.getByTestId('tarjeta-reservacion');
    await tarjeta.waitFor();
    assert.equal(await tarjeta.getAttribute('data-hallazgo'), 'pendiente');
    const id = await tarjeta.getAttribute('data-reservacion');
    assert.equal(await siguiente.isDisabled(), false);

    // Regresar goes back to the choice and forgets what was found.
    await dialogo.getByRole('button', { name: 'Regresar' }).click();
    await tarjeta.waitFor({ state: 'detached' });
    assert.equal(await siguiente.isDisabled(), true);
    await dialogo.getByRole('button', { name: /Por correo/ }).click();
    await dialogo.getByLabel('Correo electrónico').fill(conCorreo.email);
    respuesta = pagina.waitForResponse(esBusqueda);
    await dialogo.getByLabel('Correo electrónico').press('Enter');
    await respuesta;
    await tarjeta.waitFor();
    const r = (await llamarApi(servidor, `/v1/admin/reservacion/${id}`, { token, query: { tag } })).body.data;
    assert.equal(r.status, 'Pendiente');
    assert.equal(r.email, conCorreo.email);
    assert.equal(await tarjeta.locator('[data-campo="nombre"]').innerText(), r.name);
    // Found: Enter goes on.
    await esperarFoco(pagina, { texto: 'Siguiente' });
    await pagina.keyboard.press('Enter');

    const sentada = await sentar(dialogo, r);
    const folio = String(sentada.folio ?? sentada.comanda.folio);
    assert.equal(sentada.status, 'Asistio');
    await esperarFoco(pagina, { texto: 'Imprimir Comanda' });
    await dialogo.getByRole('button', { name: 'Imprimir Comanda' }).click();
    const comanda = await imprimirPdf(pagina, 'comanda');
    esTicket80mm(comanda.paginas);
    assert.match(comanda.texto, impreso(`Folio ${folio}`));
    assert.match(comanda.texto, impreso(r.name));
    assert.doesNotMatch(comanda.texto, impreso('Registrar asistencia'), 'the dialog does not print');

    await cerrarYVerEnAsistio(dialogo, id);
    const despues = (await llamarApi(servidor, `/v1/admin/reservacion/${id}`, { token, query: { tag } })).body.data;
    assert.equal(despues.status, 'Asistio');
    assert.equal(despues.comanda.mesa, sentada.comanda.mesa);
  });

  test('reads the scanner device once its typing pauses a second, goes on with Enter, seats the reservation, and a second scan is refused', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const [r] = await llegandoAhora(token, tag);
    assert.ok(r, 'a demo reservation is pending');

    const dialogo = await abrirAsistencia();
    await dialogo.getByRole('button', { name: /Lector QR/ }).click();
    await esperarFoco(pagina, { name: 'codigo' });

    // Not a reservation's code: refused by core, nothing sent.
    let busquedas = 0;
    const contar = (q) => {
      if (q.method() === 'POST' && /\/check$/.test(new URL(q.url()).pathname)) busquedas++;
    };
    pagina.on('request', contar);
    await pagina.keyboard.type('no es un código!');
    await toastUnico(pagina, 'El código escaneado no corresponde a una reservación');
    pagina.off('request', contar);
    assert.equal(busquedas, 0);
    assert.equal(await dialogo.getByLabel('Código de la reservación').inputValue(), '');

    // The reader types the id; the lookup leaves a second after the last character, timed in the
    // page itself (its last keystroke and its call), whatever the delay between test and browser.
    await pagina.evaluate(() => {
      document.addEventListener('keydown', () => (window.__ultimaTecla = performance.now()), true);
      const original = window.fetch;
      window.fetch = (entrada, ...resto) => {
        const url = typeof entrada === 'string' ? entrada : (entrada.url ?? String(entrada));
        if (/\/check$/.test(new URL(url, location.href).pathname)) window.__consulta ??= performance.now();
        return original(entrada, ...resto);
      };
    });
    const pedida = pagina.waitForRequest((q) => q.method() === 'POST' && ruta(q) === `/api/v1/admin/reservacion/${r._id}/check`);
    await pagina.keyboard.type(r._id);
    const peticion = await pedida;
    const espera = await pagina.evaluate(() => window.__consulta - window.__ultimaTecla);
    assert.ok(espera >= 950, `debounced about 1000 ms (${Math.round(espera)} ms)`);
    assert.deepEqual(peticion.postDataJSON(), { id: r._id, tag, email: null });
    const tarjeta = dialogo.getByTestId('tarjeta-reservacion');
    await tarjeta.waitFor();
    assert.equal(await tarjeta.getAttribute('data-reservacion'), r._id);
    // Enter on the empty scanner box goes on.
    await esperarFoco(pagina, { name: 'codigo' });
    await pagina.keyboard.press('Enter');

    const sentada = await sentar(dialogo, r);
    const folio = String(sentada.folio ?? sentada.comanda.folio);
    await dialogo.getByRole('button', { name: 'Imprimir Abre' }).click();
    const abre = await imprimirPdf(pagina, 'abre');
    esTicket80mm(abre.paginas);
    assert.match(abre.texto, impreso(`Folio ${folio}`));
    await cerrarYVerEnAsistio(dialogo, r._id);

    // The same code again: no longer pending, shown but not to go on with.
    const otraVez = await abrirAsistencia();
    await otraVez.getByRole('button', { name: /Lector QR/ }).click();
    await otraVez.getByLabel('Código de la reservación').fill(r._id);
    await otraVez.getByLabel('Código de la reservación').press('Enter');
    await toastUnico(pagina, 'La reservación ya no está pendiente: está en «Asistió»');
    await otraVez.getByTestId('tarjeta-reservacion').waitFor();
    assert.equal(await otraVez.getByTestId('tarjeta-reservacion').getAttribute('data-hallazgo'), 'no-pendiente');
    assert.equal(await otraVez.getByTestId('tarjeta-reservacion').locator('[data-estado]').innerText(), 'Asistió');
    assert.equal(await otraVez.getByRole('button', { name: 'Siguiente' }).isDisabled(), true);
  });

  test("refuses another branch's reservation, showing its brand and branch, and an unknown code", async () => {
    const { token, user } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const otraTag = user.tags.find((t) => t !== tag);
    const [ajena] = await pendientes(token, otraTag);
    assert.ok(ajena, `a pending reservation in ${otraTag}`);

    const dialogo = await abrirAsistencia();
    await dialogo.getByRole('button', { name: /Lector QR/ }).click();
    await dialogo.getByLabel('Código de la reservación').fill(ajena._id);
    await dialogo.getByLabel('Código de la reservación').press('Enter');
    await toastUnico(pagina, `La reservación es de otra sucursal: ${ajena.sucursal.name} (${ajena.marca.name}).`);
    const tarjeta = dialogo.getByTestId('tarjeta-reservacion');
    await tarjeta.waitFor();
    assert.equal(await tarjeta.getAttribute('data-hallazgo'), 'otra-sucursal');
    assert.equal(await tarjeta.locator('[data-campo="marca"]').innerText(), ajena.marca.name);
    assert.equal(await tarjeta.locator('[data-campo="sucursal"]').innerText(), ajena.sucursal.name);
    assert.equal(await tarjeta.getByText(ajena.name).count(), 0, 'nothing else of it is shown');
    assert.equal(await dialogo.getByRole('button', { name: 'Siguiente' }).isDisabled(), true);

    await dialogo.getByRole('button', { name: 'Regresar' }).click();
    await tarjeta.waitFor({ state: 'detached' });
    await dialogo.getByRole('button', { name: /Lector QR/ }).click();
    await dialogo.getByLabel('Código de la reservación').fill('ffffffffffffffffffffffff');
    await dialogo.getByLabel('Código de la reservación').press('Enter');
    await toastUnico(pagina, 'No se encontró la reservación.');
    assert.equal(await dialogo.getByTestId('tarjeta-reservacion').count(), 0);
    assert.equal(await dialogo.getByRole('button', { name: 'Siguiente' }).isDisabled(), true);

    // The close button drops it all: the next opening starts at the choice of method.
    await dialogo.getByRole('button', { name: 'Cerrar' }).first().click();
    await dialogo.waitFor({ state: 'detached' });
    const otra = await abrirAsistencia();
    await otra.getByRole('button', { name: /Lector QR/ }).waitFor();
  });
});

describe("the guest's history at the door", () => {
  test('the card of a scanned code shows the guest\'s history line, and the risk chip exactly when the server says so', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const r = (await llegandoAhora(token, tag)).find((x) => x.cliente);
    assert.ok(r, 'a guest of the demo arriving now, with a client record');
    const dialogo = await abrirAsistencia();
    await dialogo.getByRole('button', { name: /Lector QR/ }).click();
    await dialogo.getByLabel('Código de la reservación').fill(r._id);
    await dialogo.getByLabel('Código de la reservación').press('Enter');
    const tarjeta = dialogo.getByTestId('tarjeta-reservacion');
    await tarjeta.waitFor();
    const linea = tarjeta.locator('[data-campo="historial"]');
    const c = r.cliente;
    if (c.visitas === 0) {
      assert.match(await linea.innerText(), /Nuevo/);
    } else {
      assert.match(await linea.innerText(), new RegExp(`${c.visitas} visitas?`));
    }
    assert.equal(await tarjeta.locator('[data-marca="riesgo-no-show"]').count(), c.riesgo_no_show ? 1 : 0);
  });
});
