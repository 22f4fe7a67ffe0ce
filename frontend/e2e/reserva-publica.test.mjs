// The public booking against the real server: a guest books on /reservacion/polanco on a phone
// and gets the QR, which core's decoder (the WASM build) reads back as the reservation's id; the
// console hears of it in its bell within a second; staff book through Nueva's dialog (the widget
// in a frame, origin Plataforma); a closed day and an unknown branch say so in Spanish.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { test } from 'node:test';
import { CUENTAS, enReposo, entrar, llamarApi, prepararSuite, seguirRed } from './navegador.mjs';
import { CON_CORREO, FRONTEND } from './servidor.mjs';

let servidor;
let navegador;
let pagina;

// E-mail is set up: the booking's confirmation is queued, and the page promises it.
prepararSuite((s) => ({ servidor, navegador, pagina } = s), { entorno: CON_CORREO });

// Core's QR decoder, as the console's camera worker runs it: the WASM build, here in Node.
// Core's decoder is its own WASM module (the camera's worker loads it).
const wasm = await import(join(FRONTEND, 'src/wasm/qr/anfitrion_wasm_qr.js'));
wasm.initSync({ module: readFileSync(join(FRONTEND, 'src/wasm/qr/anfitrion_wasm_qr_bg.wasm')) });

const TAG = 'polanco';

/**
 * The first date from the branch's first bookable one that offers times for `personas`, and its
 * times: a guest's, or with `token` the ones staff may book.
 */
async function diaConHorarios(personas, saltar = 0, token = null) {
  const { body } = await llamarApi(servidor, `/v1/public/sucursal/${TAG}`);
  const d = new Date(`${body.data.fecha_min}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + saltar);
  for (let i = 0; i < 14; i++, d.setUTCDate(d.getUTCDate() + 1)) {
    const fecha = d.toISOString().slice(0, 10);
    const query = { fecha, personas: String(personas) };
    const r = token
      ? await llamarApi(servidor, '/v1/admin/reservacion/disponibilidad', { token, query: { ...query, tag: TAG } })
      : await llamarApi(servidor, `/v1/public/sucursal/${TAG}/disponibilidad`, { query });
    assert.equal(r.status, 200, r.body.message);
    if (r.body.data.horarios.length > 0) return { fecha, horarios: r.body.data.horarios };
  }
  throw new Error('no day of the coming two weeks offers a time');
}

/** A closed date of the branch within its booking period (the demo closes Christmas). */
async function diaCerrado() {
  const { body } = await llamarApi(servidor, `/v1/public/sucursal/${TAG}`);
  const d = new Date(`${body.data.fecha_min}T12:00:00Z`);
  for (; d.toISOString().slice(0, 10) <= body.data.fecha_max; d.setUTCDate(d.getUTCDate() + 1)) {
    const fecha = d.toISOString().slice(0, 10);
    const r = await llamarApi(servidor, `/v1/public/sucursal/${TAG}/disponibilidad`, { query: { fecha, personas: '2' } });
    if (r.body.data?.cerrado) return { fecha, motivo: r.body.data.motivo };
  }
  throw new Error('the demo branch has no closed day in its booking period');
}

/** Fills and sends the booking form in `raiz` (a page or a frame); answers the booking's response. */
async function reservar(raiz, { fecha, hora, personas, name, email, phone, evento, comentarios }) {
  const form = raiz.getByTestId('formulario-reserva');
  await form.waitFor();
  await form.getByLabel('Fecha').fill(fecha);
  await form.getByLabel('Personas').selectOption(String(personas));
  // The times shown answer this date and party (not the ones asked before).
  const opcion = form.locator(`[data-consulta="${fecha}|${personas}"] input[name="hora"][value="${hora}"]`);
  await opcion.waitFor({ state: 'attached' });
  // A time is a radio button: chosen from the keyboard, as a guest without a mouse would.
  await opcion.focus();
  await opcion.press('Space');
  assert.equal(await opcion.isChecked(), true);
  await form.getByLabel('Nombre').fill(name);
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Teléfono', { exact: true }).fill(phone);
  await form.getByLabel('Evento').selectOption(evento);
  await form.getByLabel(/^Comentarios/).fill(comentarios);
  return form.getByRole('button', { name: 'Reservar' });
}

/** The confirmation page's QR, drawn to a canvas in the page, as luma for core's decoder. */
async function lumaDelQr(raiz) {
  return raiz.getByTestId('qr-reservacion').evaluate(async (el) => {
    const svg = el.querySelector('svg');
    const url = URL.createObjectURL(new Blob([svg.outerHTML], { type: 'image/svg+xml' }));
    const img = new Image();
    img.src = url;
    await img.decode();
    const lado = 480;
    const lienzo = document.createElement('canvas');
    lienzo.width = lado;
    lienzo.height = lado;
    const ctx = lienzo.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, lado, lado);
    ctx.drawImage(img, 0, 0, lado, lado);
    URL.revokeObjectURL(url);
    const rgba = ctx.getImageData(0, 0, lado, lado).data;
    const luma = new Array(lado * lado);
    for (let i = 0; i < luma.length; i++) luma[i] = Math.round(0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2]);
    return { lado, luma };
  });
}

test('a guest books on /reservacion/polanco on a 390 px phone, sees the QR (it decodes to the id), and the console\'s bell shows it within a second', async () => {
  // The console, open in another page of the same browser, signed in.
  const consola = await navegador.contexto.newPage();
  seguirRed(consola);
  const flujo = consola.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/admin/notifications/stream');
  const sesion = await entrar(consola, servidor.base, CUENTAS.gerente);
  await consola.evaluate((tag) => localStorage.setItem('sucursal', tag), TAG);
  await consola.goto(`${servidor.base}/reservaciones/hoy`);
  assert.equal((await flujo).status(), 200);
  await consola.getByRole('button', { name: /^Notificaciones/ }).click();
  const panel = consola.getByTestId('panel-notificaciones');
  await panel.locator('[data-notificacion]').first().waitFor();

  await pagina.setViewportSize({ width: 390, height: 844 });
  await pagina.goto(`${servidor.base}/reservacion/${TAG}`);
  const { fecha, horarios } = await diaConHorarios(3, 1);
  const hora = horarios[Math.floor(horarios.length / 2)];
  const name = `Lucía Prueba ${String(Date.now()).slice(-5)}`;
  const boton = await reservar(pagina, {
    fecha,
    hora,
    personas: 3,
    name,
    email: 'lucia.prueba@correo.mx',
    phone: '5511223344',
    evento: 'Cumpleaños',
    comentarios: 'Una silla alta, por favor',
  });
  // Nothing on the page is wider than the phone.
  assert.ok((await pagina.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'no sideways scroll at 390 px');

  const [respuesta] = await Promise.all([
    pagina.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/public/reservacion' && r.request().method() === 'POST'),
    boton.click(),
  ]);
  const desde = Date.now();
  assert.equal(respuesta.status(), 201);
  const { data } = await respuesta.json();
  const enviada = respuesta.request().postDataJSON();
  assert.equal(enviada.origin, 'Widget', 'without an origin in the URL the booking is the Widget\'s');
  assert.equal(enviada.phone, '525511223344', 'Mexico is the phone\'s default country');

  // The console's bell, without a reload.
  await panel.locator('[data-notificacion]').filter({ hasText: name }).waitFor({ timeout: 1000 });
  const demora = Date.now() - desde;
  assert.ok(demora <= 1000, `the bell showed it ${demora} ms after the booking`);

  // The confirmation: its QR, date, time, party and branch.
  await pagina.waitForURL((u) => u.pathname === `/reservacion/${TAG}/confirmacion/${data._id}` && u.searchParams.get('t'));
  const conf = pagina.getByTestId('confirmacion');
  await conf.getByTestId('qr-reservacion').locator('svg').waitFor();
  const sucursal = (await llamarApi(servidor, `/v1/public/sucursal/${TAG}`)).body.data;
  assert.equal(await conf.locator('[data-campo="name"]').innerText(), name);
  assert.equal(await conf.locator('[data-campo="no_personas"]').innerText(), '3 personas');
  assert.match(await conf.locator('[data-campo="sucursal"]').innerText(), new RegExp(sucursal.name));
  const [a, m, d] = fecha.split('-').map(Number);
  // The console's 'DD, MMM' with the weekday and year: "Jueves 26, nov 2026".
  assert.match(await conf.locator('[data-campo="fecha"]').innerText(), new RegExp(`^[A-ZÁÉÍÓÚ]\\S+ ${String(d).padStart(2, '0')}, \\S+ ${a}$`));
  const [h, min] = hora.split(':').map(Number);
  assert.equal(await conf.locator('[data-campo="hora"]').innerText().then((t) => t.slice(0, 5)), `${String(h % 12 || 12).padStart(2, '0')}:${String(min).padStart(2, '0')}`);
  assert.ok(m >= 1 && m <= 12);
  await conf.getByRole('button', { name: 'Imprimir' }).waitFor();
  assert.ok((await pagina.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'the confirmation fits the phone');

  // Core's decoder reads the page's QR back as the reservation's id (what the check-in scans).
  const { lado, luma } = await lumaDelQr(pagina);
  assert.equal(wasm.decodeQr(Uint8Array.from(luma), lado, lado), data._id);

  // Saving gives the QR as an image file.
  const [descarga] = await Promise.all([pagina.waitForEvent('download'), conf.getByRole('button', { name: 'Guardar código QR' }).click()]);
  assert.equal(descarga.suggestedFilename(), `reservacion-${data._id}.png`);

  // Stored as sent: the staff's API shows it with its origin.
  const guardada = await llamarApi(servidor, `/v1/admin/reservacion/${data._id}`, { token: sesion.token, query: { tag: TAG } });
  assert.equal(guardada.status, 200, guardada.body.message);
  assert.equal(guardada.body.data.origin, 'Widget');
  assert.equal(guardada.body.data.evento, 'Cumpleaños');
  assert.equal(guardada.body.data.no_personas, 3);
  assert.equal(guardada.body.data.fecha_hora.slice(0, 16).replace('T', ' '), `${fecha} ${hora}`);
  assert.equal(guardada.body.data.verified.email_verified, false);

  // Its detail in the console shows the confirmation e-mail still in the outbox (no SMTP here).
  await consola.goto(`${servidor.base}/reservaciones/todas/${data._id}`);
  const correos = consola.getByTestId('detalle-reservacion').getByTestId('correos-reservacion');
  const correo = correos.locator('[data-correo]').filter({ hasText: 'lucia.prueba@correo.mx' });
  await correo.waitFor();
  assert.match(await correo.getAttribute('data-estado-correo'), /^(pendiente|fallido)$/);

  // The e-mail's own link verifies the address; the confirmation page's token (which whoever
  // booked holds) does not, nor does a link cut short.
  const deLaPagina = new URL(pagina.url()).searchParams.get('t');
  const texto = servidor.bandeja(data._id);
  const enlace = new RegExp(`(/reservacion/${TAG}/verificar/${data._id}\\?t=([0-9a-f]+)&c=[0-9a-f]+)`).exec(texto);
  assert.ok(enlace, `the e-mail carries its verification link: ${texto}`);
  const token = enlace[2];
  assert.notEqual(token, deLaPagina);
  for (const mal of [deLaPagina, token.slice(0, 20)]) {
    await pagina.goto(`${servidor.base}/reservacion/${TAG}/verificar/${data._id}?t=${mal}`);
    await pagina.getByRole('alert').getByRole('heading', { name: 'No se pudo verificar tu correo' }).waitFor();
  }
  await pagina.goto(`${servidor.base}${enlace[1]}`);
  await pagina.getByRole('status').getByRole('heading', { name: 'Tu correo quedó verificado. ¡Gracias!' }).waitFor();
  await pagina.getByRole('link', { name: 'Ver mi reservación' }).click();
  await pagina.getByTestId('confirmacion').and(pagina.locator(`[data-reservacion="${data._id}"]`)).waitFor();
  const verificada = await llamarApi(servidor, `/v1/admin/reservacion/${data._id}`, { token: sesion.token, query: { tag: TAG } });
  assert.equal(verificada.body.data.verified.email_verified, true);

  await consola.close();
});

test('core refuses a bad e-mail on the page, in Spanish, before anything is sent', async () => {
  await pagina.setViewportSize({ width: 390, height: 844 });
  await pagina.goto(`${servidor.base}/reservacion/${TAG}`);
  const { fecha, horarios } = await diaConHorarios(2, 2);
  const boton = await reservar(pagina, {
    fecha,
    hora: horarios[0],
    personas: 2,
    name: 'Mario Prueba',
    email: 'mario@correo',
    phone: '',
    evento: 'Ninguno',
    comentarios: '',
  });
  let enviadas = 0;
  const contar = (r) => {
    if (new URL(r.url()).pathname === '/api/v1/public/reservacion') enviadas++;
  };
  pagina.on('request', contar);
  await boton.click();
  await pagina.getByTestId('error-reserva').filter({ hasText: 'Correo electrónico no válido' }).waitFor();
  assert.equal(await pagina.evaluate(() => document.activeElement?.getAttribute('name')), 'email', 'the field at fault has the focus');
  pagina.off('request', contar);
  assert.equal(enviadas, 0, 'nothing was sent');
});

test('Nueva opens the widget in a 700×410 frame (origin Plataforma, limit 50); staff book a party of 12 no table seats, the list refreshes and it is stored as Plataforma', async () => {
  const { token } = await entrar(pagina, servidor.base, CUENTAS.reservaciones);
  await pagina.evaluate((tag) => localStorage.setItem('sucursal', tag), TAG);
  await pagina.goto(`${servidor.base}/reservaciones/hoy`);
  await pagina.getByTestId('barra-reservaciones').getByRole('button', { name: 'Nueva' }).click();
  const dialogo = pagina.getByRole('dialog', { name: 'Nueva reservación' });
  await dialogo.waitFor();
  const marco = dialogo.locator('iframe[title="Widget de reservaciones"]');
  const src = new URL(await marco.getAttribute('src'), servidor.base);
  assert.equal(src.pathname, `/widget/${TAG}`);
  assert.equal(src.searchParams.get('origin'), 'Plataforma');
  assert.equal(src.searchParams.get('personas_max'), '50');
  const caja = await marco.boundingBox();
  assert.deepEqual([Math.round(caja.width), Math.round(caja.height)], [700, 410]);

  const widget = pagina.frameLocator('iframe[title="Widget de reservaciones"]');
  // The party sizes offered: all of the URL's 50, past what the branch's tables seat (a guest's
  // limit): staff book a group and the floor joins tables for it.
  const sucursal = (await llamarApi(servidor, `/v1/public/sucursal/${TAG}`)).body.data;
  assert.ok(sucursal.personas_max < 12, `the demo's tables seat ${sucursal.personas_max}`);
  await widget.getByTestId('formulario-reserva').waitFor();
  const opciones = widget.getByLabel('Personas').locator('option');
  assert.equal(await opciones.count(), 50);
  assert.equal(await opciones.last().textContent(), '50 personas');

  const { fecha, horarios } = await diaConHorarios(12, 3, token);
  const hora = horarios[horarios.length - 1];
  const name = `Teléfono Prueba ${String(Date.now()).slice(-5)}`;
  const boton = await reservar(widget, {
    fecha,
    hora,
    personas: 12,
    name,
    email: 'telefono.prueba@correo.mx',
    phone: '5599887766',
    evento: 'Comida de negocios',
    comentarios: 'Tomada por teléfono',
  });
  // The frame's booking makes the console's lists ask again.
  const lista = pagina.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/admin/reservacion' && r.request().method() === 'GET');
  // Staff book through the console's own call, with their session (never the public one).
  const [respuesta] = await Promise.all([
    pagina.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/admin/reservacion' && r.request().method() === 'POST'),
    boton.click(),
  ]);
  assert.equal(respuesta.status(), 201);
  assert.match(respuesta.request().headers().authorization ?? '', /^Bearer /);
  const { data } = await respuesta.json();
  assert.equal((await lista).status(), 200);
  await widget.getByTestId('confirmacion').and(widget.locator(`[data-reservacion="${data._id}"]`)).waitFor();
  await widget.getByTestId('qr-reservacion').locator('svg').waitFor();

  const guardada = await llamarApi(servidor, `/v1/admin/reservacion/${data._id}`, { token, query: { tag: TAG } });
  assert.equal(guardada.status, 200, guardada.body.message);
  assert.equal(guardada.body.data.origin, 'Plataforma');
  assert.equal(guardada.body.data.verified.origin_declarado, false);
  assert.equal(guardada.body.data.name, name);
  assert.equal(guardada.body.data.no_personas, 12);

  // Escape inside the frame closes the dialog, as anywhere else in it.
  await widget.getByRole('button', { name: 'Imprimir' }).focus();
  await pagina.keyboard.press('Escape');
  await dialogo.waitFor({ state: 'detached' });
});

test('a time taken while the guest was typing: the page says so in Spanish and offers only what is still free', async () => {
  await pagina.goto(`${servidor.base}/reservacion/${TAG}`);
  const { fecha, horarios } = await diaConHorarios(10, 5);
  const hora = horarios[Math.floor(horarios.length / 3)];
  const boton = await reservar(pagina, {
    fecha,
    hora,
    personas: 10,
    name: 'Grupo Prueba',
    email: 'grupo.prueba@correo.mx',
    phone: '5544332211',
    evento: 'Aniversario',
    comentarios: '',
  });
  // Meanwhile others take every table that seats ten at that time.
  let conflicto = null;
  for (let i = 0; i < 4 && !conflicto; i++) {
    const r = await llamarApi(servidor, '/v1/public/reservacion', {
      method: 'POST',
      body: { tag: TAG, name: `Otro Grupo ${i}`, email: `otro${i}@correo.mx`, fecha_hora: `${fecha} ${hora}`, no_personas: 10, origin: 'Whatsapp' },
    });
    if (r.status === 409) conflicto = r.body.message;
    else assert.equal(r.status, 201, r.body.message);
  }
  assert.ok(conflicto, 'the time filled up');

  const [respuesta] = await Promise.all([
    pagina.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/public/reservacion' && r.request().method() === 'POST'),
    boton.click(),
  ]);
  assert.equal(respuesta.status(), 409);
  await pagina.getByTestId('error-reserva').filter({ hasText: conflicto }).waitFor();
  // The times are asked again: that one is gone, and nothing is chosen.
  const form = pagina.getByTestId('formulario-reserva');
  await form.locator(`[data-consulta="${fecha}|10"] [data-disponibilidad]`).waitFor();
  await pagina.waitForFunction(
    (h) => document.querySelector('[data-disponibilidad]') && !document.querySelector(`input[name="hora"][value="${h}"]`),
    hora,
  );
  assert.equal(await form.locator('input[name="hora"]:checked').count(), 0);
  assert.equal(await form.getByRole('button', { name: 'Reservar' }).isDisabled(), true);
  assert.equal(pagina.url(), `${servidor.base}/reservacion/${TAG}`, 'still on the form');
});

test('a restaurant\'s own site includes widget.js: its button opens the widget over the page, and a booking there is told to the site', async () => {
  // The restaurant's site: another origin (another port), one script tag.
  const sitio = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="es"><head><title>Restaurante</title></head><body><h1>Nuestro restaurante</h1>
<script>document.addEventListener('anfitrion:reservada', (e) => { window.reservada = e.detail; });</script>
<script src="${servidor.base}/widget.js" data-tag="${TAG}" data-origin="Concierge" defer></script></body></html>`);
  });
  await new Promise((ok) => sitio.listen(0, '127.0.0.1', ok));
  try {
    await pagina.goto(`http://127.0.0.1:${sitio.address().port}/`);
    await pagina.getByRole('button', { name: 'Reservar mesa' }).click();
    const capa = pagina.getByRole('dialog', { name: 'Reservar mesa' });
    await capa.waitFor();
    const widget = pagina.frameLocator('iframe[title="Reservar mesa"]');
    const { fecha, horarios } = await diaConHorarios(2, 4);
    const hora = horarios[horarios.length - 2] ?? horarios[0];
    const boton = await reservar(widget, {
      fecha,
      hora,
      personas: 2,
      name: 'Concierge Prueba',
      email: 'concierge.prueba@correo.mx',
      phone: '',
      evento: 'Ninguno',
      comentarios: '',
    });
    await boton.click();
    await widget.getByTestId('confirmacion').waitFor();
    const id = await widget.getByTestId('confirmacion').getAttribute('data-reservacion');
    await pagina.waitForFunction(() => window.reservada);
    assert.deepEqual(await pagina.evaluate(() => window.reservada), { id, tag: TAG });

    const { token } = (await llamarApi(servidor, '/v1/auth/login', { method: 'POST', body: { email: CUENTAS.gerente, password: 'demo1234' } })).body.data;
    const guardada = await llamarApi(servidor, `/v1/admin/reservacion/${id}`, { token, query: { tag: TAG } });
    assert.equal(guardada.body.data.origin, 'Concierge');

    // Escape (pressed inside the frame) closes it and gives the focus back to the button.
    await widget.getByRole('button', { name: 'Imprimir' }).focus();
    await pagina.keyboard.press('Escape');
    await capa.waitFor({ state: 'detached' });
    assert.equal(await pagina.evaluate(() => document.activeElement?.textContent), 'Reservar mesa');
  } finally {
    // The browser keeps its connection to the site open; closing waits for none.
    sitio.closeAllConnections();
    await new Promise((ok) => sitio.close(ok));
  }
});

test('/hostes/reserva frames the same widget, for a role that may book (reservacion.create)', async () => {
  await entrar(pagina, servidor.base, CUENTAS.gerente);
  await pagina.evaluate((tag) => localStorage.setItem('sucursal', tag), TAG);
  await pagina.goto(`${servidor.base}/hostes/reserva`);
  const marco = pagina.locator('iframe[title="Widget de reservaciones"]');
  await marco.waitFor();
  const src = new URL(await marco.getAttribute('src'), servidor.base);
  assert.equal(`${src.pathname}?${src.searchParams}`, `/widget/${TAG}?origin=Plataforma&personas_max=50`);
  await pagina.frameLocator('iframe[title="Widget de reservaciones"]').getByTestId('formulario-reserva').waitFor();
});

test('a closed day and an unknown branch say so in Spanish', async () => {
  await pagina.setViewportSize({ width: 390, height: 844 });
  const cerrado = await diaCerrado();
  await pagina.goto(`${servidor.base}/reservacion/${TAG}`);
  const form = pagina.getByTestId('formulario-reserva');
  await form.getByLabel('Fecha').fill(cerrado.fecha);
  const aviso = form.locator('[data-disponibilidad="cerrado"]');
  await aviso.waitFor();
  assert.equal(await aviso.locator('p').innerText(), cerrado.motivo);
  assert.equal(cerrado.motivo, 'La sucursal está cerrada ese día');
  assert.equal(await form.locator('input[name="hora"]').count(), 0, 'no time is offered');
  assert.equal(await form.getByRole('button', { name: 'Reservar' }).isDisabled(), true);

  const desconocida = await llamarApi(servidor, '/v1/public/sucursal/no-existe');
  assert.equal(desconocida.status, 404);
  await pagina.goto(`${servidor.base}/reservacion/no-existe`);
  const alerta = pagina.getByTestId('aviso-widget');
  await alerta.getByRole('heading', { name: desconocida.body.message }).waitFor();
  assert.equal(await pagina.getByTestId('formulario-reserva').count(), 0);
});

test('staff book seven times in a row while every list read arrives slowly: a refetch the console cancels mid-body never shows an error', async () => {
  // A page of its own whose reads of the reservations list deliver their body in two halves,
  // 400 ms apart, as a busy network does: a booking's refetch is then cancelled half-read by the
  // next one (the frame's message and the live event each ask again).
  const propia = await navegador.contexto.newPage();
  await propia.addInitScript(() => {
    const original = window.fetch.bind(window);
    window.fetch = async (entrada, init) => {
      const respuesta = await original(entrada, init);
      const url = new URL(typeof entrada === 'string' ? entrada : entrada.url, location.href);
      if (url.pathname !== '/api/v1/admin/reservacion' || (init?.method ?? 'GET') !== 'GET') return respuesta;
      const bytes = new Uint8Array(await respuesta.arrayBuffer());
      const mitad = Math.floor(bytes.length / 2);
      const senal = init?.signal;
      const cuerpo = new ReadableStream({
        start(control) {
          control.enqueue(bytes.slice(0, mitad));
          const fin = setTimeout(() => {
            control.enqueue(bytes.slice(mitad));
            control.close();
          }, 400);
          senal?.addEventListener('abort', () => {
            clearTimeout(fin);
            control.error(new DOMException('The operation was aborted.', 'AbortError'));
          });
        },
      });
      return new Response(cuerpo, { status: respuesta.status, headers: respuesta.headers });
    };
  });
  seguirRed(propia);
  try {
    const { token } = await entrar(propia, servidor.base, CUENTAS.reservaciones);
    await propia.evaluate((tag) => localStorage.setItem('sucursal', tag), TAG);
    await propia.goto(`${servidor.base}/reservaciones/hoy`);
    await propia.getByTestId('barra-reservaciones').getByRole('button', { name: 'Nueva' }).click();
    const widget = propia.frameLocator('iframe[title="Widget de reservaciones"]');
    const { fecha, horarios } = await diaConHorarios(2, 6, token);
    const errores = [];
    propia.on('console', (m) => {
      if (m.text().includes('respondió de forma inesperada')) errores.push(m.text());
    });
    for (let i = 0; i < 7; i++) {
      const boton = await reservar(widget, {
        fecha,
        hora: horarios[i % horarios.length],
        personas: 2,
        name: `Seguida Prueba ${i}`,
        email: `seguida${i}@correo.mx`,
        phone: '5511223344',
        evento: 'Cumpleaños',
        comentarios: '',
      });
      const [respuesta] = await Promise.all([
        propia.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/admin/reservacion' && r.request().method() === 'POST'),
        boton.click(),
      ]);
      assert.equal(respuesta.status(), 201);
      await widget.getByTestId('confirmacion').waitFor();
      // Every refetch the booking set off has been cancelled or answered.
      await enReposo(propia, { quietoMs: 600 });
      const texto = `${await propia.locator('body').innerText()}\n${await widget.locator('body').innerText()}`;
      assert.doesNotMatch(texto, /respondió de forma inesperada/, `booking ${i + 1} showed an error`);
      await widget.getByRole('link', { name: 'Hacer otra reservación' }).click();
    }
    assert.deepEqual(errores, []);
  } finally {
    await propia.close();
  }
});

test("the booking page shows where the branch is, a day without room offers the next with room, and the receipt names the occasion; a change sends a new confirmation", async () => {
  await pagina.goto(`${servidor.base}/reservacion/${TAG}`);
  const form = pagina.getByTestId('formulario-reserva');
  await form.waitFor();
  const contacto = form.getByTestId('contacto-sucursal');
  assert.match(await contacto.innerText(), /Av\. Presidente Masaryk 120, Polanco, CDMX/);
  assert.equal(await contacto.locator('[data-campo="telefono"]').innerText(), '+52 55 5512 3456');
  assert.match(await contacto.getByRole('link', { name: 'Ver en el mapa' }).getAttribute('href'), /query=.*Masaryk/);

  // A closed day (the demo closes Christmas) offers the next day with room, in one tap.
  const { fecha: cerrado, motivo } = await diaCerrado();
  await form.getByLabel('Fecha').fill(cerrado);
  const aviso = form.locator('[data-disponibilidad="cerrado"]');
  await aviso.filter({ hasText: motivo }).waitFor();
  const siguiente = aviso.getByTestId('siguiente-dia');
  const fecha = await siguiente.getAttribute('data-fecha');
  assert.ok(fecha > cerrado, `${fecha} comes after ${cerrado}`);
  await siguiente.click();
  await form.locator(`[data-consulta="${fecha}|2"] input[name="hora"]`).first().waitFor({ state: 'attached' });

  // Booked for a birthday: the receipt names the occasion and the branch's address.
  const { horarios } = (await llamarApi(servidor, `/v1/public/sucursal/${TAG}/disponibilidad`, { query: { fecha, personas: '4' } })).body.data;
  const boton = await reservar(pagina, {
    fecha,
    hora: horarios[0],
    personas: 2,
    name: 'Ocasión Prueba',
    email: 'ocasion.prueba@correo.mx',
    phone: '5511224466',
    evento: 'Cumpleaños',
    comentarios: '',
  });
  await boton.click();
  const conf = pagina.getByTestId('confirmacion');
  await conf.waitFor();
  assert.equal(await conf.locator('[data-campo="evento"]').innerText(), 'Cumpleaños');
  assert.match(await conf.getByTestId('contacto-sucursal').innerText(), /Masaryk/);
  const id = await conf.getAttribute('data-reservacion');

  // The guest changes the party: a new confirmation is queued for their e-mail, and they are told.
  const gestion = conf.getByTestId('gestion');
  await gestion.getByRole('button', { name: 'Cambiar personas u hora' }).click();
  const cambio = gestion.getByTestId('form-cambio');
  await cambio.getByLabel('Personas', { exact: true }).selectOption('4');
  const hora = cambio.locator(`[data-consulta="${fecha}|4"] input[name="hora"][value="${horarios[0]}"]`);
  await hora.waitFor({ state: 'attached' });
  await hora.focus();
  await hora.press('Space');
  await cambio.getByRole('button', { name: 'Guardar cambios' }).click();
  await gestion.getByTestId('aviso-gestion').filter({ hasText: 'Te enviamos la nueva confirmación por correo.' }).waitFor();
  const texto = servidor.bandeja(id, 'cambio');
  assert.match(texto, /Personas: 4 personas/);
  assert.match(texto, new RegExp(`/reservacion/${TAG}/confirmacion/${id}\\?t=`));
});
