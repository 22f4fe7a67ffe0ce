// The host stand (/hostes) and the camera check-in, against the real server in headless Chromium
// with a fake camera: Chromium plays a Y4M file this test writes, holding the QR of a demo
// Pendiente reservation (or of a URL). The camera's frames are decoded in the Web Worker by
// core's decodeQr; the reservation's card appears; the camera is released when the dialog closes.
// A handheld reader is the keyboard typing into the focused scan box of /hostes.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import QRCode from 'qrcode';
import { abrirNavegador, CUENTAS, entrar, limpiar, llamarApi, seguirRed } from './navegador.mjs';
import { esperarFoco, toastUnico } from './orden.mjs';
import { iniciarServidor } from './servidor.mjs';

// The spec §9 constraints ask at least 640 × 640: the fake camera's frames are 720 × 720.
const LADO = 720;

/** A Y4M video (4:2:0) of `cuadros` identical frames showing the QR of `texto` on white. */
export function y4mConQr(texto, { lado = LADO, cuadros = 4 } = {}) {
  const { modules } = QRCode.create(texto, { errorCorrectionLevel: 'M' });
  const margen = 4;
  const escala = Math.floor((lado * 0.6) / (modules.size + 2 * margen));
  const ancho = (modules.size + 2 * margen) * escala;
  const origen = Math.floor((lado - ancho) / 2);
  const y = Buffer.alloc(lado * lado, 235);
  for (let fila = 0; fila < modules.size; fila++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.data[fila * modules.size + col]) continue;
      const y0 = origen + (fila + margen) * escala;
      const x0 = origen + (col + margen) * escala;
      for (let dy = 0; dy < escala; dy++) y.fill(16, (y0 + dy) * lado + x0, (y0 + dy) * lado + x0 + escala);
    }
  }
  const croma = Buffer.alloc((lado / 2) * (lado / 2) * 2, 128);
  const cuadro = Buffer.concat([Buffer.from('FRAME\n'), y, croma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${lado} H${lado} F10:1 Ip A1:1 C420jpeg\n`), ...Array(cuadros).fill(cuadro)]);
}

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
  navegador = await abrirNavegador({
    args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
  seguirRed(pagina);
  // Every camera stream the page opens, to tell later whether any track is still live; and the
  // moment the reservation's card first shows.
  await pagina.addInitScript(() => {
    const pistas = [];
    window.__pistasCamara = pistas;
    const original = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
    if (original) {
      navigator.mediaDevices.getUserMedia = async (restricciones) => {
        const flujo = await original(restricciones);
        pistas.push(...flujo.getTracks());
        return flujo;
      };
    }
    window.__tarjetaEn = null;
    new MutationObserver(() => {
      if (window.__tarjetaEn === null && document.querySelector('[data-testid="tarjeta-reservacion"][data-reservacion]')) {
        window.__tarjetaEn = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
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
  const { status, body } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag, status: 'pendientes', limit: '200' } });
  assert.equal(status, 200, body.message);
  const [r] = body.data.items;
  assert.ok(r, 'a demo reservation is pending');
  return { token, tag, r };
}

const pistasVivas = () => pagina.evaluate(() => window.__pistasCamara.filter((p) => p.readyState === 'live').length);

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
    const flujo = pagina.getByTestId('flujo-asistencia');
    await flujo.getByTestId('tarjeta-reservacion').and(pagina.locator(`[data-reservacion="${r._id}"]`)).waitFor();
    assert.equal(await flujo.getByRole('button', { name: 'Siguiente' }).isDisabled(), false);

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
    await pagina.evaluate(() => {
      window.__tarjetaEn = null;
      performance.clearMarks();
    });
    await dialogo.getByRole('button', { name: /Cámara/ }).click();
    const tarjeta = dialogo.getByTestId('tarjeta-reservacion');
    await tarjeta.waitFor();
    assert.equal(await tarjeta.getAttribute('data-reservacion'), r._id);
    assert.equal(await tarjeta.getAttribute('data-hallazgo'), 'pendiente');
    const tiempos = await pagina.evaluate(() => {
      const [primero] = performance.getEntriesByName('anfitrion:camara-primer-cuadro');
      const [leido] = performance.getEntriesByName('anfitrion:camara-codigo-leido');
      return { primero: primero?.startTime, leido: leido?.startTime, tarjeta: window.__tarjetaEn };
    });
    assert.ok(tiempos.primero !== undefined && tiempos.leido !== undefined && tiempos.tarjeta !== null, JSON.stringify(tiempos));
    const total = tiempos.tarjeta - tiempos.primero;
    console.log(
      `camera scan: first frame in the worker → card ${total.toFixed(1)} ms (decoded frame in the worker → card ${(tiempos.tarjeta - tiempos.leido).toFixed(1)} ms)`,
    );
    assert.ok(total < 1000, `the card follows the first frame quickly (${total.toFixed(1)} ms)`);
    assert.equal(await dialogo.getByRole('button', { name: 'Siguiente' }).isDisabled(), false);

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
});
