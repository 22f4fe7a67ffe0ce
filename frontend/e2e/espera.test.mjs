// The waitlist against the real server: the hostess writes a party down on /hostes (it shows in
// its place with its quote, and on a second console of the branch without a reload), calls it
// (the row says so, and the message reaches a stand-in for the SMS provider), seats it with
// "Sentar" (the walk-in wizard opens with name, phone and party filled in, and its save takes the
// party off the list), a party that left with its reason, and the screens at 1280 and 800 px.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { after, describe, test } from 'node:test';
import { CUENTAS, entrar, llamarApi, prepararSuite } from './navegador.mjs';

let servidor;
let pagina;

/** A stand-in for the SMS provider's Create a Message call, on 127.0.0.1: takes every message. */
const proveedor = createServer((pedido, respuesta) => {
  pedido.resume();
  pedido.on('end', () => {
    respuesta.writeHead(201, { 'Content-Type': 'application/json' });
    respuesta.end(JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued' }));
  });
});
await new Promise((listo) => proveedor.listen(0, '127.0.0.1', listo));
after(() => proveedor.close());

prepararSuite((s) => ({ servidor, pagina } = s), {
  entorno: {
    ANFITRION_SMS_CUENTA: 'AC0123456789abcdef',
    ANFITRION_SMS_TOKEN: 'secreto',
    ANFITRION_SMS_REMITENTE: '+15005550006',
    ANFITRION_SMS_URL: `http://127.0.0.1:${proveedor.address().port}`,
  },
});

const CAPTURAS = new URL('../../target/capturas-espera/', import.meta.url);
async function foto(p, nombre, { completa = true } = {}) {
  await mkdir(CAPTURAS, { recursive: true });
  await p.waitForTimeout(250);
  await p.screenshot({ path: new URL(`${nombre}.png`, CAPTURAS).pathname, fullPage: completa });
}

const lista = (p) => p.getByTestId('lista-espera');
const fila = (p, nombre) => lista(p).locator('li[data-espera]').filter({ has: p.locator('[data-campo="nombre"]', { hasText: nombre }) });
const esGuardarWalkin = (r) => new URL(r.url()).pathname === '/api/v1/admin/walkin' && r.request().method() === 'POST';

/** A party written down through the API, as the dialog sends it. */
async function anotar(token, tag, grupo) {
  const { status, body } = await llamarApi(servidor, '/v1/admin/espera', { token, method: 'POST', body: { tag, ...grupo } });
  assert.equal(status, 201, body.message);
  return body.data;
}

describe('the waitlist', () => {
  test('a party written down on /hostes is called, seated through the walk-in wizard and leaves the list; a second console follows live', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const otra = await pagina.context().newPage();
    try {
      await otra.goto(`${servidor.base}/hostes`);
      await lista(otra).getByText('Nadie espera mesa.').waitFor();

      await pagina.goto(`${servidor.base}/hostes`);
      await lista(pagina).getByText('Nadie espera mesa.').waitFor();
      await lista(pagina).getByRole('button', { name: 'Agregar a la lista' }).click();
      const dialogo = pagina.getByRole('dialog', { name: 'Agregar a la lista de espera' });
      await dialogo.getByLabel('Nombre').fill('Familia Espera');
      await dialogo.locator('input[name="phone"]').fill('5512345678');
      await dialogo.locator('input[name="personas"]').fill('3');
      const anotado = pagina.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/admin/espera' && r.request().method() === 'POST');
      await dialogo.getByRole('button', { name: 'Agregar', exact: true }).click();
      const respuesta = await anotado;
      const desde = Date.now();
      assert.equal(respuesta.status(), 201);
      const grupo = (await respuesta.json()).data;
      assert.equal(grupo.phone, '525512345678');
      await dialogo.waitFor({ state: 'detached' });
      await pagina.locator('[data-toast="exito"]', { hasText: 'Grupo anotado en la lista de espera' }).waitFor();

      // In its place, with the wait it was quoted.
      const suya = fila(pagina, 'Familia Espera');
      await suya.waitFor();
      assert.equal(await suya.getAttribute('data-posicion'), '1');
      assert.equal(await suya.locator('[data-campo="personas"]').innerText(), '3 personas');
      assert.equal(await suya.locator('[data-campo="telefono"]').innerText(), '+52 55 1234 5678');
      assert.match(await suya.locator('[data-campo="espera"]').innerText(), /^esperando 0 min\s*\/\s*cotizado \d+ min$/);

      // The other console hears of it through the live stream, without a reload.
      await fila(otra, 'Familia Espera').waitFor({ timeout: 5000 });
      console.log(`# el grupo apareció en la otra consola a los ${Date.now() - desde} ms`);

      // Avisar: the message is queued and leaves at once for the provider's stand-in.
      await suya.getByRole('button', { name: 'Avisar a Familia Espera' }).click();
      await pagina.locator('[data-toast="exito"]', { hasText: 'Grupo avisado: su mensaje quedó en cola' }).waitFor();
      const aviso = suya.locator('[data-campo="aviso"]');
      await aviso.waitFor();
      assert.match(await aviso.innerText(), /^Avisado \d{2}:\d{2}\s[ap]\.\s?m\. · mensaje (en cola|enviado)$/);
      assert.ok(['pendiente', 'enviado'].includes(await aviso.getAttribute('data-mensaje')));
      await fila(otra, 'Familia Espera').locator('[data-campo="aviso"]').waitFor({ timeout: 5000 });

      // Sentar: the walk-in wizard with the party filled in.
      await suya.getByRole('link', { name: 'Sentar a Familia Espera' }).click();
      await pagina.waitForURL((u) => u.pathname === '/hostes/walkin' && u.searchParams.get('espera') === grupo._id);
      await pagina.getByTestId('walkin-de-espera').waitFor();
      assert.equal(await pagina.locator('input[name="name"]').inputValue(), 'Familia Espera');
      assert.equal(await pagina.locator('[data-campo="codigo-pais"]').innerText(), '+52');
      assert.equal(await pagina.locator('input[name="phone"]').inputValue(), '5512345678');
      await pagina.getByRole('button', { name: 'Siguiente' }).click();
      await pagina.locator('form[data-paso="comanda"]').waitFor();
      assert.equal(await pagina.locator('input[name="no_personas"]').inputValue(), '3');
      // A free table that seats three, a waiter; the buffets already follow the party.
      const libre = pagina.locator('select[name="mesa"] optgroup[label^="Libres"] option').first();
      await libre.waitFor({ state: 'attached' });
      await pagina.locator('select[name="mesa"]').selectOption(await libre.getAttribute('value'));
      await pagina.locator('select[name="mesero_id"]').selectOption({ index: 1 });
      const promo = (await pagina.getByRole('switch', { name: 'Buffet promoción' }).getAttribute('aria-checked')) === 'true';
      assert.equal(await pagina.locator(`input[name="${promo ? 'buffet_promo_adulto' : 'buffet_adulto'}"]`).inputValue(), '3');
      await pagina.getByRole('button', { name: 'Siguiente' }).click();
      await pagina.locator('form[data-paso="abre"]').waitFor();
      const guardado = pagina.waitForResponse(esGuardarWalkin);
      await pagina.getByRole('button', { name: 'Registrar', exact: true }).click();
      const w = await guardado;
      assert.equal(w.status(), 201);
      assert.equal(w.request().postDataJSON().espera_id, grupo._id, 'the save names the party it seats');
      const walkin = (await w.json()).data;
      assert.equal(walkin.name, 'Familia Espera');
      await pagina.locator('[data-paso="imprimir"]').waitFor();
      assert.equal(await pagina.getByTestId('walkin-de-espera').count(), 0, 'saved: the wizard no longer seats the party');

      // Off the list, here and on the other console; the walk-in exists.
      await lista(otra).getByText('Nadie espera mesa.').waitFor({ timeout: 5000 });
      await pagina.goto(`${servidor.base}/hostes`);
      await lista(pagina).getByText('Nadie espera mesa.').waitFor();
      const hoy = (await llamarApi(servidor, '/v1/admin/walkin', { token, query: { tag, slug: 'hoy' } })).body.data;
      assert.ok(hoy.items.some((x) => x._id === walkin._id && x.name === 'Familia Espera'), 'the walk-in is in today\'s list');
      assert.deepEqual((await llamarApi(servidor, '/v1/admin/espera', { token, query: { tag } })).body.data, []);
    } finally {
      await otra.close();
    }
  });

  test('a party without a phone cannot be called, and leaves with its reason', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const ana = await anotar(token, tag, { name: 'Ana Sin Teléfono', personas: 2, notas: 'terraza' });
    // The wizard's address alone (a reload) finds the party in the list it reads.
    await pagina.goto(`${servidor.base}/hostes/walkin?espera=${ana._id}`);
    await pagina.getByTestId('walkin-de-espera').waitFor();
    assert.equal(await pagina.locator('input[name="name"]').inputValue(), 'Ana Sin Teléfono');
    assert.equal(await pagina.locator('input[name="phone"]').inputValue(), '');
    await pagina.goto(`${servidor.base}/hostes`);
    const suya = fila(pagina, 'Ana Sin Teléfono');
    await suya.waitFor();
    assert.equal(await suya.locator('[data-campo="telefono"]').innerText(), 'Sin teléfono');
    const avisar = suya.getByRole('button', { name: 'Avisar a Ana Sin Teléfono' });
    assert.equal(await avisar.isDisabled(), true);
    assert.equal(await avisar.locator('xpath=..').getAttribute('title'), 'El grupo no dejó teléfono: llámelo por su nombre.');

    await suya.getByRole('button', { name: 'Ana Sin Teléfono se fue' }).click();
    const dialogo = pagina.getByRole('dialog', { name: 'Ana Sin Teléfono se fue' });
    const quitar = dialogo.getByRole('button', { name: 'Quitar de la lista' });
    assert.equal(await quitar.isDisabled(), true, 'a reason is required');
    await dialogo.getByLabel('Otro motivo').fill('   ');
    assert.equal(await quitar.isDisabled(), true, 'blank is no reason');
    await dialogo.getByRole('radio', { name: 'No contestó' }).check();
    assert.equal(await dialogo.getByLabel('Otro motivo').inputValue(), '', 'a quick reason replaces the typed one');
    const salida = pagina.waitForResponse((r) => /\/api\/v1\/admin\/espera\/[^/]+\/salir$/.test(new URL(r.url()).pathname));
    await quitar.click();
    const r = await salida;
    assert.equal(r.status(), 200);
    assert.deepEqual(r.request().postDataJSON(), { motivo: 'No contestó' });
    await pagina.locator('[data-toast="exito"]', { hasText: 'Grupo quitado de la lista de espera' }).waitFor();
    await lista(pagina).getByText('Nadie espera mesa.').waitFor();
  });

  test('the add dialog shows refusals under their boxes, never the browser\'s bubbles', async () => {
    await entrar(pagina, servidor.base, CUENTAS.hostess);
    await pagina.goto(`${servidor.base}/hostes`);
    // The host opens the dialog once the list has shown what it holds, as on the first test.
    await lista(pagina).getByText('Nadie espera mesa.').waitFor();
    await lista(pagina).getByRole('button', { name: 'Agregar a la lista' }).click();
    const dialogo = pagina.getByRole('dialog', { name: 'Agregar a la lista de espera' });
    await dialogo.getByLabel('Nombre').waitFor();
    const agregar = dialogo.getByRole('button', { name: 'Agregar', exact: true });
    assert.equal(await agregar.isDisabled(), true, 'nothing to add without a name');
    await dialogo.getByLabel('Nombre').fill('Luis Corto');
    await dialogo.locator('input[name="phone"]').fill('551234');
    await agregar.click();
    assert.equal(await dialogo.locator('[data-mensaje="phone"]').innerText(), 'Número de teléfono no válido');
    await dialogo.locator('input[name="phone"]').fill('');
    await dialogo.locator('input[name="personas"]').fill('0');
    await agregar.click();
    await dialogo.locator('[data-mensaje="personas"]').waitFor();
    assert.match(await dialogo.locator('[data-mensaje="personas"]').innerText(), /personas/i);
    assert.equal(await dialogo.locator('form').getAttribute('novalidate'), '');
  });

  test('the waitlist reads on /hostes and the walk-in screen at 1280 and 800 px (and the stand\'s 1024×768), with two parties waiting', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const primero = await anotar(token, tag, { name: 'Familia Contreras Villaseñor', phone: '52 55 1234 5678', personas: 6, notas: 'cumpleaños, pastel propio' });
    await anotar(token, tag, { name: 'Ana Ruiz', personas: 2 });
    const avisado = await llamarApi(servidor, `/v1/admin/espera/${primero._id}/avisar`, { token, method: 'POST' });
    assert.equal(avisado.status, 200, avisado.body.message);
    for (const [ancho, alto] of [
      [1280, 800],
      [1024, 768],
      [800, 1024],
    ]) {
      await pagina.setViewportSize({ width: ancho, height: alto });
      await pagina.goto(`${servidor.base}/hostes`);
      await fila(pagina, 'Ana Ruiz').waitFor();
      await pagina.getByTestId('resumen-salon').waitFor();
      await foto(pagina, `hostes-${ancho}`);
      // Tablet-sized targets on the stand.
      for (const boton of await fila(pagina, 'Ana Ruiz').locator('button, a').all()) {
        const caja = await boton.boundingBox();
        assert.ok(caja && caja.height >= 44, `${await boton.innerText()}: ${caja?.height} px`);
      }
      await pagina.goto(`${servidor.base}/walkin/registrar`);
      await fila(pagina, 'Ana Ruiz').waitFor();
      await foto(pagina, `walkin-${ancho}`);
      await fila(pagina, 'Familia Contreras').getByRole('link', { name: /^Sentar/ }).click();
      await pagina.getByTestId('walkin-de-espera').waitFor();
      await foto(pagina, `walkin-sentar-${ancho}`, { completa: false });
      await pagina.goto(`${servidor.base}/hostes`);
      await lista(pagina).getByRole('button', { name: 'Agregar a la lista' }).click();
      await pagina.getByRole('dialog', { name: 'Agregar a la lista de espera' }).waitFor();
      await foto(pagina, `agregar-${ancho}`, { completa: false });
      await pagina.keyboard.press('Escape');
      await fila(pagina, 'Ana Ruiz').getByRole('button', { name: 'Ana Ruiz se fue' }).click();
      await pagina.getByRole('dialog', { name: 'Ana Ruiz se fue' }).waitFor();
      await foto(pagina, `se-fue-${ancho}`, { completa: false });
      await pagina.keyboard.press('Escape');
    }

    // Waits past their quotes (amber, and red well past it) and a message that failed: the
    // server's clock does not move here, so the list's answer is aged on its way to the page.
    await pagina.setViewportSize({ width: 1280, height: 800 });
    await pagina.route(
      (u) => u.pathname === '/api/v1/admin/espera',
      async (ruta) => {
        const respuesta = await ruta.fetch();
        const cuerpo = await respuesta.json();
        const [a, b] = cuerpo.data;
        cuerpo.data = [
          { ...a, esperando_min: 38, cotizada_min: 15, mensaje: 'fallido' },
          { ...b, esperando_min: 21, cotizada_min: 15 },
          { ...b, _id: 'x-3', name: 'Pedro Salas', posicion: 3, personas: 4, esperando_min: 4, cotizada_min: 25, siguiente: false },
        ];
        await ruta.fulfill({ response: respuesta, json: cuerpo });
      },
    );
    try {
      await pagina.goto(`${servidor.base}/hostes`);
      await fila(pagina, 'Pedro Salas').waitFor();
      assert.deepEqual(await lista(pagina).locator('li[data-espera]').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-tono'))), ['excedido', 'pasado', 'en-tiempo']);
      await foto(pagina, 'hostes-tonos-1280');
    } finally {
      await pagina.unrouteAll({ behavior: 'wait' });
    }
  });

  test('a guest\'s SMS shows on their row live, the host answers from it, and a "9" takes the party off the list', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    await anotar(token, tag, { name: 'Familia Mensaje', personas: 2, phone: '52 55 8765 4321' });
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    const suya = fila(pagina, 'Familia Mensaje');
    await suya.waitFor();

    assert.equal((await mensajeEntrante('SM0000000000000000000000000000001', '+525587654321', 'Llegamos en 5 minutos')).status, 200);
    const burbuja = suya.locator('[data-campo="ultimo-mensaje"]');
    await burbuja.getByText('Llegamos en 5 minutos').waitFor();
    await burbuja.click();
    const dialogo = pagina.getByRole('dialog', { name: 'Mensajes de Familia Mensaje' });
    await dialogo.getByTestId('conversacion').locator('[data-de="huesped"]').getByText('Llegamos en 5 minutos').waitFor();
    await dialogo.getByLabel('Respuesta').fill('¡Los esperamos!');
    await dialogo.getByRole('button', { name: 'Responder' }).click();
    await dialogo.getByTestId('conversacion').locator('[data-de="sucursal"]').getByText('¡Los esperamos!').waitFor();
    await foto(pagina, 'mensajes-1280', { completa: false });
    await pagina.keyboard.press('Escape');
    await dialogo.waitFor({ state: 'detached' });

    // An unsigned "9" changes nothing; the provider's signed one takes the party off, live.
    assert.equal((await mensajeEntrante('SM0000000000000000000000000000002', '+525587654321', '9', { firmar: false })).status, 403);
    assert.equal((await mensajeEntrante('SM0000000000000000000000000000003', '+525587654321', '9')).status, 200);
    await suya.waitFor({ state: 'detached' });
  });
});

/** A guest's SMS as the provider delivers it: a form signed with the account's token over the address it calls. */
async function mensajeEntrante(sid, de, texto, { firmar = true } = {}) {
  const ruta = '/api/v1/public/mensajes/entrantes';
  const campos = { MessageSid: sid, AccountSid: 'AC0123456789abcdef', From: de, To: '+15005550006', Body: texto };
  // The provider signs the public address (the demo's), whatever port this server listens on.
  const firmado = 'http://localhost:8080' + ruta + Object.keys(campos).sort().map((k) => k + campos[k]).join('');
  const firma = createHmac('sha1', 'secreto').update(firmado).digest('base64');
  return fetch(`${servidor.api}${ruta}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(firmar ? { 'X-Twilio-Signature': firma } : {}) },
    body: new URLSearchParams(campos).toString(),
  });
}
