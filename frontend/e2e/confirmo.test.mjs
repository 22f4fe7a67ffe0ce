// «Confirmó» live, against the real server: a guest books through the public API with an e-mail;
// the host has the reservations list open on that booking; the guest confirms from their own
// page on a 390 px phone (the booking's token, "Confirmo mi asistencia"); the host's row and open
// detail show «Confirmó», with the branch's local time of it, through the live stream's
// `event: reservaciones` and without a reload.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CUENTAS, diaSucursal, entrar, llamarApi, prepararSuite, seguirRed } from './navegador.mjs';

let servidor;
let navegador;
let pagina;

prepararSuite((s) => ({ servidor, navegador, pagina } = s));

const TAG = 'polanco';

/** The first bookable date of the branch that offers a guest times for `personas`, and its times. */
async function diaConHorarios(personas) {
  const { body } = await llamarApi(servidor, `/v1/public/sucursal/${TAG}`);
  const d = new Date(`${body.data.fecha_min}T12:00:00Z`);
  for (let i = 0; i < 14; i++, d.setUTCDate(d.getUTCDate() + 1)) {
    const fecha = d.toISOString().slice(0, 10);
    const r = await llamarApi(servidor, `/v1/public/sucursal/${TAG}/disponibilidad`, { query: { fecha, personas: String(personas) } });
    assert.equal(r.status, 200, r.body.message);
    if (r.body.data.horarios.length > 0) return { fecha, horarios: r.body.data.horarios };
  }
  throw new Error('no day of the coming two weeks offers a time');
}

/** An RFC 3339 instant as the console writes a time ("01:05 p.m."), in the branch's zone (the demo's are all Mexico City). */
const horaSucursal = (instante) =>
  plano(new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', hour: '2-digit', minute: '2-digit', hour12: true }).format(new Date(instante)));

/** es-MX writes narrow and no-break spaces: read as plain ones. */
const plano = (texto) => texto.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

test('a guest confirms from their page and the host\'s open list and detail show «Confirmó» without a reload', async () => {
  // The guest books, as the booking page does, with an e-mail.
  const { fecha, horarios } = await diaConHorarios(2);
  // The day's last time: the guest's page still takes changes (the lead time is far off).
  const hora = horarios[horarios.length - 1];
  const name = `Marta Confirma ${String(Date.now()).slice(-5)}`;
  const reserva = await llamarApi(servidor, '/v1/public/reservacion', {
    method: 'POST',
    body: { tag: TAG, fecha_hora: `${fecha} ${hora}`, no_personas: 2, name, email: 'marta.confirma@correo.mx', phone: '525511229933' },
  });
  assert.equal(reserva.status, 201, reserva.body.message);
  const { _id: id, confirmacion } = reserva.body.data;
  assert.match(confirmacion, new RegExp(`^/reservacion/${TAG}/confirmacion/${id}\\?t=.+`));

  // The host: the list of that day's tab, narrowed to the guest, with the reservation open.
  const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
  await pagina.evaluate((tag) => localStorage.setItem('sucursal', tag), TAG);
  const slug = fecha === diaSucursal(0) ? 'hoy' : 'pendientes';
  const flujo = pagina.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/admin/notifications/stream');
  await pagina.goto(`${servidor.base}/reservaciones/${slug}/${id}`);
  assert.equal((await flujo).status(), 200, 'the live stream is open before the guest confirms');
  await pagina.getByRole('searchbox', { name: 'Buscar reservación' }).fill(name);
  const fila = pagina.locator(`a[data-reservacion="${id}"]`);
  await fila.waitFor();
  const detalle = pagina.getByTestId('detalle-reservacion');
  await detalle.waitFor();
  assert.equal(await detalle.getAttribute('data-id'), id);
  assert.equal(await fila.locator('[data-marca="confirmo"]').count(), 0, 'no mark before the guest confirms');
  assert.equal(await detalle.locator('[data-marca="confirmo"]').count(), 0);
  // A reload would lose this.
  await pagina.evaluate(() => {
    window.__sinRecargar = true;
  });

  // The guest, on a phone, from their own page (the booking's token).
  const huesped = await navegador.contexto.newPage();
  seguirRed(huesped);
  await huesped.setViewportSize({ width: 390, height: 844 });
  await huesped.goto(`${servidor.base}${confirmacion}`);
  const boton = huesped.getByRole('button', { name: 'Confirmo mi asistencia' });
  await boton.waitFor();
  assert.ok((await huesped.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'no sideways scroll at 390 px');
  const [respuesta] = await Promise.all([
    huesped.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/public/reservacion/${id}/confirmar` && r.request().method() === 'POST'),
    boton.click(),
  ]);
  assert.equal(respuesta.status(), 200);
  await huesped.getByTestId('aviso-gestion').waitFor();
  await huesped.close();

  // The host's row and open detail say so, within a few seconds and without a reload.
  const marcaFila = fila.locator('[data-marca="confirmo"]');
  await marcaFila.waitFor({ timeout: 5000 });
  const marcaDetalle = detalle.locator('[data-marca="confirmo"]');
  await marcaDetalle.waitFor({ timeout: 5000 });
  assert.equal(await pagina.evaluate(() => window.__sinRecargar), true, 'the host\'s page was not reloaded');

  // Its time is the branch's local time of the instant the server recorded.
  const { status, body } = await llamarApi(servidor, `/v1/admin/reservacion/${id}`, { token, query: { tag: TAG } });
  assert.equal(status, 200, body.message);
  assert.equal(body.data.status, 'Pendiente');
  assert.ok(body.data.confirmada, 'the server recorded when the guest confirmed');
  const horaConfirmo = horaSucursal(body.data.confirmada);
  // In the row the word alone shows; the time is for the tooltip and screen readers.
  assert.equal(plano(await marcaFila.innerText()), `Confirmó a las ${horaConfirmo}`);
  const titulo = plano(await marcaFila.getAttribute('title'));
  assert.ok(titulo.startsWith('Confirmó su asistencia: ') && titulo.endsWith(` · ${horaConfirmo}`), titulo);
  assert.equal(plano(await marcaDetalle.locator('[data-campo="hora-confirmo"]').innerText()), horaConfirmo);
});
