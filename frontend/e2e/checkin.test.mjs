// The host stand (/hostes) and the camera check-in, against the real server in headless Chromium
// with a fake camera: Chromium plays a Y4M file each test writes (e2e/camara.mjs), holding the QR
// of a demo Pendiente reservation, of another branch's, of a URL, or no code at all. The camera's
// frames are decoded in the Web Worker by core's decodeQr; the reservation's card appears; the
// camera is released when the dialog closes. A handheld reader is the keyboard typing into the
// focused scan box of /hostes. A reservation is edited at the stand (/hostes/reserva/:id).
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { argsCamara, olvidarEscaneo, pistasVivas as pistasVivasEn, tiemposDeEscaneo, vigilarCamara, y4mConQr } from './camara.mjs';
import { abrirNavegador, CUENTAS, entrar, enReposo, limpiar, llamarApi, seguirRed } from './navegador.mjs';
import { esperarFoco, toastUnico } from './orden.mjs';
import { iniciarServidor } from './servidor.mjs';

let servidor;
let navegador;
let pagina;
let carpeta;
let video;

before(async () => {
  servidor = await iniciarServidor();
  carpeta = await mkdtemp(join(tmpdir(), 'anfitrion-camara-'));
  video = join(carpeta, 'camara.y4m');
  // Chromium opens the file when a page starts the camera: each test writes what it shows.
  await writeFile(video, y4mConQr('anfitrion'));
  navegador = await abrirNavegador({ args: argsCamara(video) });
  pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
  seguirRed(pagina);
  await vigilarCamara(pagina);
});

after(async () => {
  await navegador?.cerrar();
  await servidor?.cerrar();
  if (carpeta) await rm(carpeta, { recursive: true, force: true });
});

beforeEach(async () => {
  await pagina.setViewportSize({ width: 1280, height: 900 });
  await limpiar(navegador.contexto, pagina, servidor.base);
});

const ruta = (r) => new URL(r.url()).pathname;
const esBusqueda = (q) => q.method() === 'POST' && /^\/api\/v1\/admin\/reservacion(\/[^/]+)?\/check$/.test(ruta(q));

/** Signs the host in; answers the token, the branch and one of its Pendiente reservations. */
async function hostessConReservacion() {
  const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
  const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
  // Today's arrivals still expected, as the host's next arrivals list them (the demo has some at any hour).
  const { status, body } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag, status: 'hoy', limit: '200' } });
  assert.equal(status, 200, body.message);
  const [r] = (body.data.items ?? body.data).filter((x) => x.status === 'Pendiente').sort((a, b) => a.fecha_hora.localeCompare(b.fecha_hora));
  assert.ok(r, `a demo reservation is pending today at ${servidor.reloj().toISOString()}`);
  return { token, tag, r };
}

const pistasVivas = () => pistasVivasEn(pagina);

describe('the host stand', () => {
  test('a handheld reader types into the focused scan box of /hostes: the card appears after the 1000 ms pause, and the check-in goes on', async () => {
    const { tag, r } = await hostessConReservacion();
    await pagina.goto(`${servidor.base}/hostes`);
    // The layout: the live clock ticks each second (es-MX, 12-hour with seconds).
    const reloj = pagina.locator('header time');
    const antes = await reloj.innerText();
    assert.match(antes, /^\d{2}:\d{2}:\d{2}\s?[ap]\.?\s?m\.?$/i);
    await pagina.waitForFunction((t) => document.querySelector('header time')?.textContent !== t, antes, { timeout: 2500 });
    // The next arrivals list the reservation, its time and party.
    await pagina.locator(`[data-testid="proximas-llegadas"] a[data-reservacion="${r._id}"]`).waitFor();

    // The scan box has the focus without a touch.
    await esperarFoco(pagina, { name: 'codigo' });
    const panel = pagina.getByTestId('panel-checkin');
    const pedida = pagina.waitForRequest((q) => esBusqueda(q) && ruta(q) === `/api/v1/admin/reservacion/${r._id}/check`);
    await pagina.keyboard.type(r._id);
    const tecleado = Date.now();
    const peticion = await pedida;
    assert.ok(Date.now() - tecleado >= 900, `debounced about 1000 ms (${Date.now() - tecleado} ms)`);
    assert.deepEqual(peticion.postDataJSON(), { id: r._id, tag, email: null });
    const tarjeta = panel.getByTestId('tarjeta-reservacion');
    await tarjeta.waitFor();
    assert.equal(await tarjeta.getAttribute('data-reservacion'), r._id);
    assert.equal(await tarjeta.getAttribute('data-hallazgo'), 'pendiente');
    // The focus stays in the box, ready for the next guest; Enter on it goes on to the check-in.
    await esperarFoco(pagina, { name: 'codigo' });
    await pagina.keyboard.press('Enter');
    await pagina.waitForURL((u) => u.pathname === `/hostes/checkin/${r._id}`);
    // The reservation is known: the check-in opens on its order, not on a second search.
    const flujo = pagina.getByTestId('flujo-asistencia');
    const comanda = flujo.locator('form[data-paso="comanda"]');
    await comanda.waitFor();
    assert.equal(await flujo.locator('[data-paso="busqueda"]').count(), 0);
    assert.equal(await comanda.locator('input[name="no_personas"]').inputValue(), String(r.no_personas));

    // Walk-in and Nueva reservación from the home.
    await pagina.goto(`${servidor.base}/hostes`);
    await pagina.locator('[data-accion="walkin"]').click();
    await pagina.waitForURL((u) => u.pathname === '/hostes/walkin');
    await pagina.getByText('Información Personal').first().waitFor();
  });

  test('the camera reads a reservation QR in the Web Worker and its card appears; a URL is refused unsent; closing the dialog releases the camera', async () => {
    const { r } = await hostessConReservacion();
    await pagina.goto(`${servidor.base}/hostes`);
    await pagina.locator('[data-accion="checkin"]').click();
    const dialogo = pagina.getByRole('dialog', { name: 'Registrar asistencia' });
    await dialogo.waitFor();

    // A QR that is not a reservation's: core refuses it and nothing goes to the server.
    await writeFile(video, y4mConQr('https://example.com/promo?id=1'));
    let busquedas = 0;
    const contar = (q) => {
      if (esBusqueda(q)) busquedas++;
    };
    pagina.on('request', contar);
    await dialogo.getByRole('button', { name: /Cámara/ }).click();
    await dialogo.locator('[data-testid="lector-camara"][data-estado="activo"]').waitFor();
    await toastUnico(pagina, 'El código escaneado no corresponde a una reservación');
    pagina.off('request', contar);
    assert.equal(busquedas, 0);
    await dialogo.getByRole('button', { name: 'Regresar' }).click();
    await dialogo.getByTestId('lector-camara').waitFor({ state: 'detached' });
    assert.equal(await pistasVivas(), 0, 'back to the methods releases the camera');

    // The reservation's QR.
    await writeFile(video, y4mConQr(r._id));
    await olvidarEscaneo(pagina);
    await dialogo.getByRole('button', { name: /Cámara/ }).click();
    const tarjeta = dialogo.getByTestId('tarjeta-reservacion');
    await tarjeta.waitFor();
    assert.equal(await tarjeta.getAttribute('data-reservacion'), r._id);
    assert.equal(await tarjeta.getAttribute('data-hallazgo'), 'pendiente');
    const tiempos = await tiemposDeEscaneo(pagina);
    assert.ok(tiempos, 'the first frame and the read code left their marks');
    const { total } = tiempos;
    console.log(
      `camera scan: first frame in the worker → card ${total.toFixed(1)} ms (decoded frame in the worker → card ${tiempos.desdeLectura.toFixed(1)} ms)`,
    );
    assert.ok(total < 1000, `the card follows the first frame quickly (${total.toFixed(1)} ms)`);
    assert.equal(await dialogo.getByRole('button', { name: 'Siguiente' }).isDisabled(), false);
    // On a 1024×768 tablet the card's Siguiente comes into view under the camera's picture.
    const tamano = pagina.viewportSize();
    await pagina.setViewportSize({ width: 1024, height: 768 });
    await tarjeta.evaluate((el) => el.closest('[data-testid="flujo-asistencia"]')?.scrollIntoView({ block: 'start' }));
    await writeFile(video, y4mConQr(r._id));
    await olvidarEscaneo(pagina);
    await dialogo.getByRole('button', { name: 'Regresar' }).click();
    await dialogo.getByRole('button', { name: /Cámara/ }).click();
    await tarjeta.waitFor();
    const siguiente = dialogo.getByRole('button', { name: 'Siguiente' });
    await pagina.waitForFunction(
      (el) => {
        const caja = el.getBoundingClientRect();
        return caja.top >= 0 && caja.bottom <= window.innerHeight;
      },
      await siguiente.elementHandle(),
      { timeout: 2000 },
    );
    await pagina.setViewportSize(tamano);

    // The toggle pauses the reader and locks itself for a second.
    const alternar = dialogo.locator('[data-accion="alternar-lector"]');
    await alternar.click();
    await dialogo.locator('[data-testid="lector-camara"][data-estado="pausado"]').waitFor();
    assert.equal(await alternar.isDisabled(), true, 'locked right after the press');
    await pagina.waitForFunction(() => !document.querySelector('[data-accion="alternar-lector"]')?.hasAttribute('disabled'), null, { timeout: 2000 });
    assert.ok((await pistasVivas()) > 0, 'the camera is live while the dialog is open');

    await dialogo.getByRole('button', { name: 'Cerrar' }).first().click();
    await dialogo.waitFor({ state: 'detached' });
    await pagina.waitForFunction(() => window.__pistasCamara.every((p) => p.readyState === 'ended'), null, { timeout: 2000 });
    assert.equal(await pistasVivas(), 0, 'no live track remains');
  });

  test('a camera frame with no code in it shows nothing: the worker reads frame after frame, and no card, no message, no lookup', async () => {
    await entrar(pagina, servidor.base, CUENTAS.hostess);
    await pagina.goto(`${servidor.base}/hostes`);
    await pagina.locator('[data-accion="checkin"]').click();
    const dialogo = pagina.getByRole('dialog', { name: 'Registrar asistencia' });
    await dialogo.waitFor();

    await writeFile(video, y4mConQr(null));
    await olvidarEscaneo(pagina);
    let busquedas = 0;
    const contar = (q) => {
      if (esBusqueda(q)) busquedas++;
    };
    pagina.on('request', contar);
    await dialogo.getByRole('button', { name: /Cámara/ }).click();
    const lector = dialogo.locator('[data-testid="lector-camara"][data-estado="activo"]');
    await lector.waitFor();
    // Five frames through the worker: two seconds and more of camera at the 500 ms pace.
    await pagina.waitForFunction(() => Number(document.querySelector('[data-testid="lector-camara"]')?.getAttribute('data-cuadros') ?? 0) >= 5, null, {
      timeout: 15_000,
    });
    pagina.off('request', contar);
    assert.ok(Number(await lector.getAttribute('data-ms-decodificando')) > 0, 'the worker spent time on the frames');
    assert.equal(busquedas, 0, 'no lookup');
    assert.equal(await pagina.evaluate(() => performance.getEntriesByName('anfitrion:camara-codigo-leido').length), 0, 'no code read');
    assert.equal(await dialogo.getByTestId('tarjeta-reservacion').count(), 0, 'no card');
    assert.equal(await pagina.evaluate(() => window.__tarjetaEn), null, 'no card ever showed');
    assert.equal(await pagina.locator('[data-toast]').count(), 0, 'no message');
    assert.equal(await dialogo.getByTestId('error-camara').count(), 0, 'no camera error');
    assert.equal(await dialogo.getByRole('button', { name: 'Siguiente' }).isDisabled(), true);
    assert.equal(await dialogo.getByText('Apunta la cámara al código QR de la reservación.').count(), 1, 'still asking for a code');

    await dialogo.getByRole('button', { name: 'Cerrar' }).first().click();
    await dialogo.waitFor({ state: 'detached' });
    await pagina.waitForFunction(() => window.__pistasCamara.every((p) => p.readyState === 'ended'), null, { timeout: 2000 });
  });

  test("another branch's reservation QR through the camera shows that branch's brand and branch, and goes no further", async () => {
    const { token, user } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const otraTag = user.tags.find((t) => t !== tag);
    assert.ok(otraTag, 'the host works at two branches');
    const { status, body } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag: otraTag, status: 'pendientes', limit: '200' } });
    assert.equal(status, 200, body.message);
    const [ajena] = body.data.items;
    assert.ok(ajena, `a pending reservation in ${otraTag}`);
    assert.notEqual(ajena.tag_sucursal, tag);

    await pagina.goto(`${servidor.base}/hostes`);
    await pagina.locator('[data-accion="checkin"]').click();
    const dialogo = pagina.getByRole('dialog', { name: 'Registrar asistencia' });
    await dialogo.waitFor();
    await writeFile(video, y4mConQr(ajena._id));
    await olvidarEscaneo(pagina);
    const respuesta = pagina.waitForResponse((q) => ruta(q) === `/api/v1/admin/reservacion/${ajena._id}/check`);
    await dialogo.getByRole('button', { name: /Cámara/ }).click();
    assert.equal((await respuesta).status(), 409);

    const tarjeta = dialogo.getByTestId('tarjeta-reservacion');
    await tarjeta.waitFor();
    assert.equal(await tarjeta.getAttribute('data-hallazgo'), 'otra-sucursal');
    assert.equal(await tarjeta.locator('[data-campo="marca"]').innerText(), ajena.marca.name);
    assert.equal(await tarjeta.locator('[data-campo="sucursal"]').innerText(), ajena.sucursal.name);
    // Only the brand and branch: nothing of the guest.
    assert.equal(await tarjeta.getByText(ajena.name).count(), 0);
    await toastUnico(pagina, `La reservación es de otra sucursal: ${ajena.sucursal.name} (${ajena.marca.name}).`);
    assert.equal(await dialogo.getByRole('button', { name: 'Siguiente' }).isDisabled(), true);
    const tiempos = await tiemposDeEscaneo(pagina);
    assert.ok(tiempos, 'the scan left its marks');
    console.log(`camera scan, another branch's: first frame in the worker → card ${tiempos.total.toFixed(1)} ms`);

    await dialogo.getByRole('button', { name: 'Cerrar' }).first().click();
    await dialogo.waitFor({ state: 'detached' });
    await pagina.waitForFunction(() => window.__pistasCamara.every((p) => p.readyState === 'ended'), null, { timeout: 2000 });
  });
});

describe('editing a reservation at the stand', () => {
  test("a manager opens a scanned reservation's edit from its card, adds a guest with the + button, and the next arrivals show the new party; a host without reservacion.edit gets neither the link nor the screen", async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const { status, body } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag, status: 'hoy' } });
    assert.equal(status, 200, body.message);
    // Not the first of the day: the other tests check that one in.
    const hoy = body.data.filter((x) => x.status === 'Pendiente').sort((a, b) => a.fecha_hora.localeCompare(b.fecha_hora));
    const r = hoy[1] ?? hoy[0];
    assert.ok(r, 'a pending reservation today');
    const nuevas = r.no_personas < 50 ? r.no_personas + 1 : r.no_personas - 1;
    const texto = (n) => (n === 1 ? '1 persona' : `${n} personas`);

    await pagina.goto(`${servidor.base}/hostes`);
    await esperarFoco(pagina, { name: 'codigo' });
    await pagina.keyboard.type(r._id);
    const panel = pagina.getByTestId('panel-checkin');
    await panel.locator(`[data-testid="tarjeta-reservacion"][data-reservacion="${r._id}"]`).waitFor();
    await panel.getByRole('link', { name: 'Editar reservación' }).click();
    await pagina.waitForURL((u) => u.pathname === `/hostes/reserva/${r._id}`);
    const pantalla = pagina.locator(`[data-testid="editar-reserva"][data-reservacion="${r._id}"]`);
    await pantalla.waitFor();
    const personas = pantalla.getByLabel('Personas');
    assert.equal(await personas.inputValue(), String(r.no_personas));

    // Over the limit: core refuses it before any call, in Spanish, and the box takes the focus.
    let puts = 0;
    const contar = (q) => {
      if (q.method() === 'PUT' && ruta(q) === `/api/v1/admin/reservacion/${r._id}`) puts++;
    };
    pagina.on('request', contar);
    await personas.fill('51');
    await pantalla.getByRole('button', { name: 'Guardar cambios' }).click();
    await toastUnico(pagina, 'El número de personas no puede ser mayor que 50');
    pagina.off('request', contar);
    assert.equal(puts, 0);
    await personas.fill(String(r.no_personas));

    // A thumb on + (or − at the limit).
    await pantalla.locator('[data-campo="no_personas"] button').nth(nuevas > r.no_personas ? 1 : 0).click();
    assert.equal(await personas.inputValue(), String(nuevas));
    const guardada = pagina.waitForResponse((q) => q.request().method() === 'PUT' && ruta(q) === `/api/v1/admin/reservacion/${r._id}`);
    await pantalla.getByRole('button', { name: 'Guardar cambios' }).click();
    const respuesta = await guardada;
    assert.equal(respuesta.status(), 200);
    assert.equal(respuesta.request().postDataJSON().no_personas, nuevas);
    await toastUnico(pagina, 'Datos guardados correctamente', 'exito');
    await pagina.waitForURL((u) => u.pathname === '/hostes');
    const fila = pagina.locator(`[data-testid="proximas-llegadas"] a[data-reservacion="${r._id}"]`);
    await fila.filter({ hasText: texto(nuevas) }).waitFor();
    // Back at the stand its card shows again, with the new party; "Registrar llegada" opens its
    // order straight away (the reservation is known: no search step).
    const tarjeta = panel.locator(`[data-testid="tarjeta-reservacion"][data-reservacion="${r._id}"]`);
    await tarjeta.filter({ hasText: texto(nuevas) }).waitFor();
    await panel.getByRole('button', { name: 'Registrar llegada' }).click();
    await pagina.waitForURL((u) => u.pathname === `/hostes/checkin/${r._id}`);
    const comanda = pagina.locator('form[data-paso="comanda"]');
    await comanda.waitFor();
    assert.equal(await pagina.locator('[data-paso="busqueda"]').count(), 0);
    assert.equal(await comanda.locator('input[name="no_personas"]').inputValue(), String(nuevas));

    // Stored: the server answers the new party, and the edit screen opens with it.
    const leida = await llamarApi(servidor, `/v1/admin/reservacion/${r._id}`, { token, query: { tag } });
    assert.equal(leida.body.data.no_personas, nuevas);
    await pagina.goto(`${servidor.base}/hostes/reserva/${r._id}`);
    assert.equal(await pagina.getByTestId('editar-reserva').getByLabel('Personas').inputValue(), String(nuevas));
    await enReposo(pagina);

    // The host: the same card without the link, and the address shows the no-permission page.
    await limpiar(navegador.contexto, pagina, servidor.base);
    await entrar(pagina, servidor.base, CUENTAS.hostess);
    await pagina.evaluate((t) => localStorage.setItem('sucursal', t), tag);
    await pagina.goto(`${servidor.base}/hostes`);
    await esperarFoco(pagina, { name: 'codigo' });
    // A Hostess does not book (no reservacion.create): the stand offers check-in and walk-in only.
    assert.deepEqual(await pagina.locator('nav[aria-label="Acciones de recepción"] [data-accion]').evaluateAll((as) => as.map((a) => a.dataset.accion)), ['checkin', 'walkin']);
    await pagina.keyboard.type(r._id);
    await panel.locator(`[data-testid="tarjeta-reservacion"][data-reservacion="${r._id}"]`).waitFor();
    await panel.getByRole('button', { name: 'Registrar llegada' }).waitFor();
    assert.equal(await panel.getByRole('link', { name: 'Editar reservación' }).count(), 0);
    await pagina.goto(`${servidor.base}/hostes/reserva/${r._id}`);
    await pagina.getByRole('heading', { name: 'No tienes permiso para ver esta pantalla' }).waitFor();
    assert.equal(await pagina.getByTestId('editar-reserva').count(), 0);
    await pagina.getByRole('link', { name: 'Ir a Recepción' }).click();
    await pagina.waitForURL((u) => u.pathname === '/hostes');
    await pagina.goto(`${servidor.base}/hostes/reserva`);
    await pagina.getByRole('heading', { name: 'No tienes permiso para ver esta pantalla' }).waitFor();
  });
});
