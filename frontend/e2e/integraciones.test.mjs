// Integrations: Sistemas makes a key and copies its secret (which then calls the API), adds a
// webhook endpoint on this machine, sends it a test event and sees it delivered; the receiver
// checks each delivery's signature with the Standard Webhooks reference library, not with the
// project's own code. The API's reference page loads and lists the operations.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { CUENTAS, entrar, llamarApi, prepararSuite } from './navegador.mjs';

let servidor;
let pagina;
let navegador;

prepararSuite((s) => ({ servidor, pagina, navegador } = s), { argumentos: ['--webhooks-red-permitida', '127.0.0.0/8'] });

/** A partner's endpoint: keeps what it receives and answers 204. */
const recibidos = [];
let receptor;
let direccion;
before(async () => {
  receptor = createServer((req, res) => {
    let cuerpo = '';
    req.on('data', (d) => (cuerpo += d));
    req.on('end', () => {
      recibidos.push({ headers: req.headers, cuerpo });
      res.writeHead(204).end();
    });
  });
  await new Promise((r) => receptor.listen(0, '127.0.0.1', r));
  direccion = `http://127.0.0.1:${receptor.address().port}/hooks`;
});
after(() => new Promise((r) => receptor.close(r)));

/** Copies the secret of the dialog on screen through its button, and answers what the clipboard holds. */
async function copiarSecreto() {
  await navegador.contexto.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: servidor.base });
  const dialogo = pagina.getByRole('dialog');
  const mostrado = await dialogo.getByLabel('Secreto').inputValue();
  await dialogo.getByRole('button', { name: 'Copiar' }).click();
  await dialogo.getByRole('button', { name: 'Copiado' }).waitFor();
  const copiado = await pagina.evaluate(() => navigator.clipboard.readText());
  assert.equal(copiado, mostrado);
  assert.match(await dialogo.innerText(), /no se volverá a mostrar/);
  await dialogo.getByRole('button', { name: 'Listo' }).click();
  await dialogo.waitFor({ state: 'detached' });
  return copiado;
}

describe('integrations', () => {
  test('Sistemas makes a key and an endpoint, sends a test event and sees it delivered, signed', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.sistemas);
    await pagina.getByRole('navigation').getByRole('link', { name: 'Integraciones' }).click();
    await pagina.getByRole('heading', { name: 'Integraciones', level: 1 }).waitFor();
    await pagina.getByText('Todavía no hay claves.').waitFor();

    await pagina.getByRole('button', { name: 'Nueva clave' }).click();
    const forma = pagina.getByRole('dialog');
    await forma.getByLabel('Nombre').fill('CRM Central');
    await forma.getByLabel('Rol (sus permisos son los de la clave)').selectOption({ label: 'Gerente' });
    await forma.getByRole('checkbox').first().check();
    await forma.getByRole('button', { name: 'Crear clave' }).click();
    const secreto = await copiarSecreto();
    assert.match(secreto, /^anf_[A-Za-z0-9_-]{43}$/);
    const fila = pagina.getByRole('row').filter({ hasText: 'CRM Central' });
    await fila.getByText('Activa').waitFor();
    assert.match(await fila.innerText(), /Nunca/);
    // The copied key calls the API with its role's rights; never a session's own calls.
    const tag = (await llamarApi(servidor, '/v1/admin/integraciones/claves', { token })).body.data[0].sucursales[0];
    const leido = await llamarApi(servidor, '/v1/admin/meseros', { token: secreto, query: { tag } });
    assert.equal(leido.status, 200, leido.body.message);
    assert.equal((await llamarApi(servidor, '/v1/auth/me', { token: secreto })).status, 403);

    await pagina.getByRole('button', { name: 'Nuevo destino' }).click();
    const destino = pagina.getByRole('dialog');
    await destino.getByLabel('Nombre').fill('Receptor de prueba');
    await destino.getByLabel('Dirección (URL)').fill(direccion);
    await destino.getByRole('checkbox', { name: /Walk-in registrado/ }).check();
    await destino.getByRole('group', { name: 'Sucursales' }).getByRole('checkbox').first().check();
    await destino.getByRole('button', { name: 'Crear destino' }).click();
    const firma = await copiarSecreto();
    assert.match(firma, /^whsec_/);

    await pagina.getByRole('button', { name: 'Enviar una prueba a Receptor de prueba' }).click();
    await pagina.getByRole('button', { name: 'Ver las entregas a Receptor de prueba' }).click();
    const entregas = pagina.getByRole('dialog');
    const entrega = entregas.getByRole('row').filter({ hasText: 'webhook.prueba' });
    await entrega.getByText('Entregado').waitFor({ timeout: 20_000 });
    assert.match(await entrega.innerText(), /HTTP 204/);

    // The receiver's copy verifies with the reference library and the copied secret. The library
    // checks the timestamp against the receiver's clock: here, the test server's.
    assert.equal(recibidos.length, 1);
    const [r] = recibidos;
    const reloj = Date.now;
    const desfase = servidor.reloj().getTime() - reloj();
    Date.now = () => reloj() + desfase;
    let evento;
    try {
      evento = new Webhook(firma).verify(r.cuerpo, {
        'webhook-id': r.headers['webhook-id'],
        'webhook-timestamp': r.headers['webhook-timestamp'],
        'webhook-signature': r.headers['webhook-signature'],
      });
      assert.throws(() => new Webhook(firma).verify(r.cuerpo.replace('prueba', 'trampa'), r.headers), /No matching signature found/);
    } finally {
      Date.now = reloj;
    }
    assert.equal(evento.type, 'webhook.prueba');
    assert.equal(evento.data.enviada_por, 'Sofía Sistemas');
  });

  test('the API reference page loads and lists the operations', async () => {
    await pagina.goto(`${servidor.base}/api/docs`);
    await pagina.locator('.opblock').first().waitFor({ timeout: 20_000 });
    const operaciones = await pagina.locator('.opblock').count();
    assert.ok(operaciones > 50, `${operaciones} operaciones`);
    const texto = await pagina.locator('#referencia').innerText();
    assert.match(texto, /\/api\/v1\/admin\/integraciones\/claves/);
    assert.match(texto, /Claves de integración/);
    assert.match(texto, /webhook-signature/);
  });
});
