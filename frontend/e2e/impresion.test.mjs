// Kitchen printing against the real server and a fake ESC/POS printer (a TCP listener in this
// process that answers the paper status when the test lets it, as a busy printer does, and keeps
// what it receives): a printer added in the branch page answers its test print; the walk-in
// wizard's print step shows each ticket's one state, large: "En cola" and then "Enviado a
// Cocina ✓" with "Reimprimir" as the printer takes it; with the printer off, "Falló: la impresora
// no responde" with "Reintentar", which prints it once the printer is back. The browser's print
// stays beside every state as "Imprimir en este equipo".
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import { describe, test } from 'node:test';
import { CUENTAS, entrar, llamarApi, prepararSuite } from './navegador.mjs';
import { toastUnico } from './orden.mjs';

let servidor;
let pagina;

// The server waits this long for a printer's paper status: the test decides when it comes.
process.env.ANFITRION_IMPRESION_ESPERA_ESTADO_MS = '20000';
// The fake printer listens on this machine, which only a demonstration (--demo) may allow.
process.env.ANFITRION_IMPRESORAS_LOOPBACK = '1';

prepararSuite((s) => ({ servidor, pagina } = s));

const CAPTURAS = new URL('../../target/capturas-impresion/', import.meta.url);
async function foto(p, nombre) {
  await mkdir(CAPTURAS, { recursive: true });
  await p.screenshot({ path: new URL(`${nombre}.png`, CAPTURAS).pathname, fullPage: true });
}

const ESTADO_PAPEL = Buffer.from([0x10, 0x04, 0x04]);

/**
 * A fake network printer on `puerto` (any free one when 0). It answers the paper status at once,
 * or, after `retener()`, only once `soltar()` is called, and records each connection's ticket
 * (without the status request).
 */
function impresoraFalsa({ puerto = 0 } = {}) {
  const tickets = [];
  let suelta = Promise.resolve();
  let soltar = () => {};
  const servidorTcp = net.createServer((con) => {
    let datos = Buffer.alloc(0);
    let respondio = false;
    con.on('data', (trozo) => {
      datos = Buffer.concat([datos, trozo]);
      if (!respondio && datos.subarray(0, 3).equals(ESTADO_PAPEL)) {
        respondio = true;
        void suelta.then(() => con.writable && con.write(Buffer.from([0x12])));
      }
    });
    con.on('end', () => {
      const ticket = datos.subarray(datos.subarray(0, 3).equals(ESTADO_PAPEL) ? 3 : 0);
      if (ticket.length > 0) tickets.push(ticket);
      con.end();
    });
    con.on('error', () => {});
  });
  return new Promise((listo) => {
    servidorTcp.listen(puerto, '127.0.0.1', () =>
      listo({
        puerto: servidorTcp.address().port,
        tickets,
        retener: () => {
          suelta = new Promise((r) => (soltar = r));
        },
        soltar: () => soltar(),
        apagar: () => new Promise((fin) => servidorTcp.close(() => fin())),
      }),
    );
  });
}

/** The ticket's text as the printer reads it (CP858 for the letters these tests print). */
function textoDe(bytes) {
  const cp858 = { 0xa0: 'á', 0x82: 'é', 0xa1: 'í', 0xa2: 'ó', 0xa3: 'ú', 0xa4: 'ñ', 0xa5: 'Ñ', 0xe0: 'Ó' };
  let s = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x1b || b === 0x1d) i += bytes[i + 1] === 0x56 ? 3 : 2;
    else if (b === 0x0a) s += '\n';
    else s += cp858[b] ?? (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '');
  }
  return s;
}

/** Through the wizard: a party of two at the comanda step's first free table, with the first waiter. */
async function registrarPorAsistente(p, nombre) {
  await p.goto(`${servidor.base}/walkin/registrar`);
  await p.getByLabel('Nombre').fill(nombre);
  await p.getByRole('button', { name: 'Siguiente' }).click();
  await p.locator('form[data-paso="comanda"]').waitFor();
  await p.locator('input[name="no_personas"]').fill('2');
  // The best free table for two, the first the floor offers.
  await p.locator('select[name="mesa"]').selectOption({ index: 1 });
  await p.locator('select[name="mesero_id"]').selectOption({ index: 1 });
  const promo = (await p.getByRole('switch', { name: 'Buffet promoción' }).getAttribute('aria-checked')) === 'true';
  await p.locator(`input[name="${promo ? 'buffet_promo_adulto' : 'buffet_adulto'}"]`).fill('2');
  await p.getByRole('button', { name: 'Siguiente' }).click();
  await p.locator('form[data-paso="abre"]').waitFor();
  const guardado = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/admin/walkin' && r.request().method() === 'POST');
  await p.getByRole('button', { name: 'Registrar', exact: true }).click();
  const r = await guardado;
  assert.equal(r.status(), 201);
  await toastUnico(p, 'Datos guardados correctamente', 'exito');
  await p.locator('[data-paso="imprimir"]').waitFor();
  return (await r.json()).data;
}

const ACCIONES = ['Reintentar', 'Reimprimir', 'Imprimir Comanda', 'Imprimir Abre'];
const ESTADOS = { en_cola: /^En cola$/, impreso: /^Enviado a .+ ✓$/, fallo: /^Falló: .+$/ };

/**
 * The ticket's printing (`comanda` or `abre`) once it shows `estado`: its one headline, large
 * (18 px or more) and in the live status region, matching `titular`; exactly the one action
 * `accion` (none while queued); and the browser's print as "Imprimir en este equipo".
 */
async function unEstado(p, tipo, estado, titular, accion) {
  const caja = p.locator(`[data-impresion="${tipo}"][data-estado-ticket="${estado}"]`);
  await caja.waitFor({ timeout: 15_000 });
  const titulares = caja.locator('[role="status"][aria-live="polite"] [data-titular]');
  assert.equal(await titulares.count(), 1, `${tipo}: one headline`);
  const texto = (await titulares.innerText()).trim();
  assert.match(texto, titular, `${tipo}: the headline`);
  const enEstados = Object.values(ESTADOS).filter((re) => re.test(texto));
  assert.equal(enEstados.length, 1, `${tipo}: «${texto}» is exactly one of the states`);
  const px = await titulares.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  assert.ok(px >= 18, `${tipo}: the headline is large (${px} px)`);
  const acciones = [];
  for (const nombre of ACCIONES) {
    const n = await caja.getByRole('button', { name: nombre, exact: true }).count();
    for (let i = 0; i < n; i++) acciones.push(nombre);
  }
  assert.deepEqual(acciones, accion ? [accion] : [], `${tipo}: its one action`);
  assert.equal(await caja.getByRole('button', { name: 'Imprimir en este equipo', exact: true }).count(), 1, `${tipo}: the browser's print as a fallback`);
  for (const b of await caja.getByRole('button').all()) {
    const alto = (await b.boundingBox())?.height ?? 0;
    assert.ok(alto >= 44, `${tipo}: «${await b.innerText()}» is ${alto} px tall`);
  }
}

describe('kitchen printing', () => {
  test('a printer added in the branch page answers its test print, and the print step follows the comanda to it', async () => {
    const impresora = await impresoraFalsa();
    try {
      // Configured where the branch is: /marcas/{id}, "Impresoras".
      const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
      const polanco = (await llamarApi(servidor, '/v1/admin/sucursal', { token, query: { tag: 'polanco' } })).body.data.find((s) => s.tag === 'polanco');
      await pagina.goto(`${servidor.base}/marcas/${polanco.marca._id}?sucursal=${polanco._id}`);
      const seccion = pagina.getByRole('region', { name: 'Impresoras' });
      await seccion.getByText('Sin impresoras: los tickets se imprimen desde el navegador.').waitFor();
      await seccion.getByRole('button', { name: 'Agregar impresora' }).click();
      const dialogo = pagina.getByRole('dialog', { name: 'Nueva impresora' });
      await dialogo.getByLabel('Nombre').fill('Cocina');
      // An address with a scheme is refused on screen, in core's words, before anything is sent.
      await dialogo.getByLabel('Dirección').fill(`http://127.0.0.1:${impresora.puerto}`);
      await dialogo.getByRole('button', { name: 'Agregar impresora' }).click();
      await dialogo.locator('[data-mensaje="direccion"]').getByText('Escribe la dirección de la impresora como equipo:puerto, por ejemplo 192.168.1.50:9100 (sin http:// ni rutas)').waitFor();
      await dialogo.getByLabel('Dirección').fill(`127.0.0.1:${impresora.puerto}`);
      await dialogo.getByLabel('Imprime').selectOption('ambos');
      await dialogo.getByRole('button', { name: 'Agregar impresora' }).click();
      await toastUnico(pagina, 'Impresora agregada', 'exito');
      const fila = seccion.locator('tr[data-impresora="Cocina"]');
      await fila.waitFor();
      await fila.getByRole('button', { name: 'Imprimir prueba' }).click();
      await fila.locator('[data-prueba="ok"]').getByText('La impresora respondió e imprimió la prueba').waitFor();
      assert.equal(impresora.tickets.length, 1);
      assert.match(textoDe(impresora.tickets[0]), /PRUEBA DE IMPRESIÓN/);
      await foto(pagina, 'impresoras-1280');
      await pagina.setViewportSize({ width: 800, height: 1000 });
      await seccion.scrollIntoViewIfNeeded();
      await foto(pagina, 'impresoras-800');
      await pagina.setViewportSize({ width: 1280, height: 900 });

      // A walk-in registered through the wizard (the manager seats guests too): the print step
      // shows the comanda queued, then printed.
      impresora.retener();
      const w = await registrarPorAsistente(pagina, 'Familia Peña');
      await unEstado(pagina, 'comanda', 'en_cola', ESTADOS.en_cola, null);
      await unEstado(pagina, 'abre', 'en_cola', ESTADOS.en_cola, null);
      await foto(pagina, 'paso-imprimir-en-cola');
      // The printer answers: the comanda and the abre go out, and the screen says so unasked.
      impresora.soltar();
      await unEstado(pagina, 'comanda', 'impreso', /^Enviado a Cocina ✓$/, 'Reimprimir');
      await unEstado(pagina, 'abre', 'impreso', /^Enviado a Cocina ✓$/, 'Reimprimir');
      await pagina.locator('[data-impresion="comanda"] [data-detalle]').getByText(/^Impreso \d\d:\d\d$/).waitFor();
      const textos = impresora.tickets.slice(1).map(textoDe);
      assert.equal(textos.length, 2, 'the comanda and the abre, once each');
      const delComanda = textos.find((t) => t.includes('COMANDA'));
      assert.ok(delComanda.includes(`Folio ${w.folio}`), delComanda);
      assert.ok(delComanda.includes('Familia Peña'), delComanda);
      await foto(pagina, 'paso-imprimir-impreso');
      // Reimprimir sends a copy marked as such, and the state comes back to printed.
      await pagina.locator('[data-impresion="comanda"]').getByRole('button', { name: 'Reimprimir' }).click();
      await toastUnico(pagina, 'Reimpresión enviada a la impresora', 'exito');
      await unEstado(pagina, 'comanda', 'impreso', /^Enviado a Cocina ✓$/, 'Reimprimir');
      await pagina.locator('[data-impresion="comanda"] [data-detalle]').getByText(/· Reimpresión$/).waitFor({ timeout: 10_000 });
      assert.equal(impresora.tickets.length, 4, 'the test page, both tickets and one copy');
      assert.match(textoDe(impresora.tickets[3]), /REIMPRESI/);
      await pagina.setViewportSize({ width: 800, height: 1000 });
      await foto(pagina, 'paso-imprimir-800');
    } finally {
      await impresora.apagar();
    }
  });

  test('with a printer that does not answer each ticket says it failed, and Reintentar prints it once the printer is back', async () => {
    // A printer of its own on a port that is closed now.
    const apagada = await impresoraFalsa();
    const puerto = apagada.puerto;
    await apagada.apagar();
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const polanco = (await llamarApi(servidor, '/v1/admin/sucursal', { token, query: { tag: 'polanco' } })).body.data.find((s) => s.tag === 'polanco');
    // Only this printer: the first test's one is switched off.
    const previas = (await llamarApi(servidor, `/v1/admin/sucursal/${polanco._id}/impresoras`, { token })).body.data;
    for (const i of previas) {
      await llamarApi(servidor, `/v1/admin/sucursal/${polanco._id}/impresoras/${i._id}`, { token, method: 'PUT', body: { ...i, activa: false } });
    }
    const creada = await llamarApi(servidor, `/v1/admin/sucursal/${polanco._id}/impresoras`, {
      token,
      method: 'POST',
      body: { name: 'Barra', direccion: `127.0.0.1:${puerto}`, imprime: 'ambos' },
    });
    assert.equal(creada.status, 201, creada.body.message);

    await registrarPorAsistente(pagina, 'Luis Núñez');
    for (const tipo of ['comanda', 'abre']) await unEstado(pagina, tipo, 'fallo', /^Falló: la impresora no responde$/, 'Reintentar');
    await foto(pagina, 'paso-imprimir-fallo');
    // The browser's print is there for the meantime, and prints the ticket here.
    await pagina.locator('[data-impresion="comanda"]').getByRole('button', { name: 'Imprimir en este equipo' }).click();
    await pagina.locator('[data-testid="raiz-impresion"][data-imprimiendo="comanda"]').waitFor({ state: 'attached' });
    assert.equal(await pagina.evaluate(() => window.__impresiones), 1);
    // The printer is back on its address: Reintentar prints it.
    const devuelta = await impresoraFalsa({ puerto });
    try {
      await pagina.locator('[data-impresion="comanda"]').getByRole('button', { name: 'Reintentar' }).click();
      await unEstado(pagina, 'comanda', 'impreso', /^Enviado a Barra ✓$/, 'Reimprimir');
      const delComanda = devuelta.tickets.map(textoDe).find((t) => t.includes('COMANDA'));
      assert.match(delComanda, /Luis Núñez/);
      // The abre has its own Reintentar, unless the queue's back-off took it meanwhile.
      const otra = pagina.locator('[data-impresion="abre"]').getByRole('button', { name: 'Reintentar' });
      if (await otra.isVisible()) await otra.click({ timeout: 2000 }).catch(() => {});
      await unEstado(pagina, 'abre', 'impreso', /^Enviado a Barra ✓$/, 'Reimprimir');
      assert.equal(devuelta.tickets.length, 2, 'the comanda and the abre, once each');
    } finally {
      await devuelta.apagar();
    }
  });
});
