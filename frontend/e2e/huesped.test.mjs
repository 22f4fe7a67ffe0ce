// The guest's own page against the real server, on a 390 px phone: a guest who booked for two
// opens their confirmation page, changes the party to four and the time through the inline form
// (the times offered for four on that date), and the staff API shows the change; then cancels,
// asked first in the page, and the staff API shows it cancelled. A reminder's link opened with a
// token that is not one of its links says so calmly, with nothing to tap, and sends nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CUENTAS, PASSWORD, llamarApi, prepararSuite } from './navegador.mjs';

let servidor;
let pagina;

prepararSuite((s) => ({ servidor, pagina } = s));

const TAG = 'polanco';

/** The first bookable date, from `saltar` days after the first, that offers `personas` times. */
async function diaConHorarios(personas, saltar = 0) {
  const { body } = await llamarApi(servidor, `/v1/public/sucursal/${TAG}`);
  const d = new Date(`${body.data.fecha_min}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + saltar);
  for (let i = 0; i < 14; i++, d.setUTCDate(d.getUTCDate() + 1)) {
    const fecha = d.toISOString().slice(0, 10);
    const r = await llamarApi(servidor, `/v1/public/sucursal/${TAG}/disponibilidad`, { query: { fecha, personas: String(personas) } });
    assert.equal(r.status, 200, r.body.message);
    if (r.body.data.horarios.length > 1) return { fecha, horarios: r.body.data.horarios };
  }
  throw new Error('no day of the coming two weeks offers two times');
}

/** A guest's booking through the public API; answers its id and its confirmation page's path. */
async function reservar(fecha_hora, no_personas, name) {
  const { status, body } = await llamarApi(servidor, '/v1/public/reservacion', {
    method: 'POST',
    body: { tag: TAG, name, email: 'huesped.prueba@correo.mx', phone: '525511223344', fecha_hora, no_personas, evento: 'Ninguno', comentarios: '', origin: 'Widget' },
  });
  assert.equal(status, 201, body.message);
  return { id: body.data._id, confirmacion: body.data.confirmacion };
}

async function comoPersonal(id) {
  const login = await llamarApi(servidor, '/v1/auth/login', { method: 'POST', body: { email: CUENTAS.gerente, password: PASSWORD } });
  assert.equal(login.status, 200, login.body.message);
  const r = await llamarApi(servidor, `/v1/admin/reservacion/${id}`, { token: login.body.data.token, query: { tag: TAG } });
  assert.equal(r.status, 200, r.body.message);
  return r.body.data;
}

const sinScrollLateral = async () => assert.ok((await pagina.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'no sideways scroll at 390 px');

test('on a 390 px phone a guest changes their party from 2 to 4 and the time, then cancels; the staff API shows each', async () => {
  await pagina.setViewportSize({ width: 390, height: 844 });
  const { fecha, horarios } = await diaConHorarios(4, 2);
  const hora = horarios[Math.floor(horarios.length / 2)];
  const { id, confirmacion } = await reservar(`${fecha} ${hora}`, 2, `Elena Prueba ${String(Date.now()).slice(-5)}`);

  const escrituras = [];
  const contar = (r) => r.method() === 'POST' && escrituras.push(new URL(r.url()).pathname);
  pagina.on('request', contar);
  await pagina.goto(`${servidor.base}${confirmacion}`);
  const conf = pagina.getByTestId('confirmacion');
  await conf.getByTestId('qr-reservacion').locator('svg').waitFor();
  // Where the branch is and how to call it, from the page the guest keeps.
  const contacto = conf.getByTestId('contacto-sucursal');
  assert.match(await contacto.innerText(), /Av\. Presidente Masaryk 120/);
  assert.equal(await contacto.locator('[data-campo="telefono"]').getAttribute('href'), 'tel:+525555123456');
  assert.match(await contacto.getByRole('link', { name: 'Ver en el mapa' }).getAttribute('href'), /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  const gestion = conf.getByTestId('gestion');
  await gestion.getByRole('button', { name: 'Confirmo mi asistencia' }).waitFor();
  await gestion.getByRole('button', { name: 'Cancelar reservación' }).waitFor();
  assert.match(await gestion.getByTestId('plazo-cambios').innerText(), /^Puedes cambiarla o cancelarla aquí hasta /);
  await sinScrollLateral();
  for (const boton of await gestion.getByRole('button').all()) {
    const caja = await boton.boundingBox();
    assert.ok(caja.height >= 44, `«${await boton.innerText()}» is ${caja.height} px tall`);
  }

  // The form: the current party and time chosen; four people ask for their own times.
  await gestion.getByRole('button', { name: 'Cambiar personas u hora' }).click();
  const form = gestion.getByTestId('form-cambio');
  const actual = form.locator(`[data-consulta="${fecha}|2"] input[name="hora"][value="${hora}"]`);
  await actual.waitFor({ state: 'attached' });
  assert.equal(await actual.isChecked(), true, 'the current time is chosen');
  await form.getByLabel('Personas', { exact: true }).selectOption('4');
  const nueva = horarios.find((h) => h !== hora);
  const opcion = form.locator(`[data-consulta="${fecha}|4"] input[name="hora"][value="${nueva}"]`);
  await opcion.waitFor({ state: 'attached' });
  await opcion.focus();
  await opcion.press('Space');
  assert.equal(await opcion.isChecked(), true);
  await sinScrollLateral();
  assert.equal(escrituras.length, 0, 'nothing was sent before saving');

  const [cambio] = await Promise.all([
    pagina.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/public/reservacion/${id}/cambiar`),
    form.getByRole('button', { name: 'Guardar cambios' }).click(),
  ]);
  assert.equal(cambio.status(), 200);
  assert.ok(cambio.request().headers()['idempotency-key'], 'the change carries its idempotency key');
  await gestion.getByTestId('aviso-gestion').filter({ hasText: 'Tu reservación quedó cambiada.' }).waitFor();
  await conf.locator('[data-campo="no_personas"]', { hasText: '4 personas' }).waitFor();
  const [h, min] = nueva.split(':').map(Number);
  assert.equal((await conf.locator('[data-campo="hora"]').innerText()).slice(0, 5), `${String(h % 12 || 12).padStart(2, '0')}:${String(min).padStart(2, '0')}`);
  const cambiada = await comoPersonal(id);
  assert.equal(cambiada.no_personas, 4);
  assert.equal(cambiada.fecha_hora.slice(0, 16).replace('T', ' '), `${fecha} ${nueva}`);
  assert.equal(cambiada.status, 'Pendiente');

  // Cancelling asks first, in the page.
  await gestion.getByRole('button', { name: 'Cancelar reservación' }).click();
  const pregunta = gestion.getByTestId('pregunta-cancelar');
  await pregunta.getByText('¿Seguro que quieres cancelar?').waitFor();
  assert.equal(escrituras.filter((p) => p.endsWith('/cancelar')).length, 0);
  const [cancelada] = await Promise.all([
    pagina.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/public/reservacion/${id}/cancelar`),
    pregunta.getByRole('button', { name: 'Sí, cancelar mi reservación' }).click(),
  ]);
  assert.equal(cancelada.status(), 200);
  await conf.getByRole('heading', { name: 'Tu reservación está cancelada' }).waitFor();
  await conf.getByTestId('aviso-gestion').filter({ hasText: 'Tu reservación quedó cancelada.' }).waitFor();
  assert.equal(await conf.getByTestId('estado-reservacion').innerText(), 'Estado: Cancelada');
  assert.equal(await conf.getByRole('button', { name: 'Cambiar personas u hora' }).count(), 0);
  // A cancelled code is not worth printing: the page's main button is a new booking.
  assert.equal(await conf.getByRole('button', { name: 'Imprimir' }).count(), 0);
  const otra = conf.getByRole('link', { name: 'Hacer otra reservación' });
  assert.equal(await otra.count(), 1);
  assert.equal(await otra.getAttribute('href'), `/reservacion/${TAG}`);
  await sinScrollLateral();
  assert.equal((await comoPersonal(id)).status, 'Cancelada');
  pagina.off('request', contar);
  assert.deepEqual(escrituras, [`/api/v1/public/reservacion/${id}/cambiar`, `/api/v1/public/reservacion/${id}/cancelar`], 'one request per action');
});

test("a reminder's link with a token that is not one of its links says so calmly, with nothing to tap, and sends nothing", async () => {
  await pagina.setViewportSize({ width: 390, height: 844 });
  const { fecha, horarios } = await diaConHorarios(2, 3);
  const { id } = await reservar(`${fecha} ${horarios[0]}`, 2, 'Raúl Prueba');
  for (const accion of ['confirmar', 'cancelar']) {
    let escrituras = 0;
    const contar = (r) => r.method() === 'POST' && escrituras++;
    pagina.on('request', contar);
    await pagina.goto(`${servidor.base}/reservacion/${TAG}/${accion}/${id}?t=${'0'.repeat(64)}`);
    const aviso = pagina.getByTestId('aviso-widget');
    await aviso.getByRole('heading', { name: 'Este enlace no es válido' }).waitFor();
    assert.match(await aviso.innerText(), /No se encontró el enlace\./);
    assert.equal(await pagina.getByRole('button').count(), 0);
    await sinScrollLateral();
    pagina.off('request', contar);
    assert.equal(escrituras, 0, `opening /${accion} sent nothing`);
  }
  assert.equal((await comoPersonal(id)).status, 'Pendiente');
});
