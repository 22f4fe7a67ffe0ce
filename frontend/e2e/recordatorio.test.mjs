// A reminder's "Confirmo" link, end to end: a guest books a day ahead with an e-mail; the branch
// sends reminders 24 hours before; the server is started again on the same database at the
// evening before (its clock moved, as a restart would find it), its reminders looked for every
// second; the reminder e-mail waits in the outbox with its two links; the guest opens "Confirmo"
// on a 390 px phone and confirms with one tap; the hostess's open list shows «Confirmó» without a
// reload; the same link then says it was used.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as espera } from 'node:timers/promises';
import { abrirNavegador, CUENTAS, entrar, llamarApi, seguirRed } from './navegador.mjs';
import { CON_CORREO, iniciarServidor } from './servidor.mjs';

const TAG = 'polanco';
const limpiar = [];
after(async () => {
  for (const f of limpiar.reverse()) await f();
});

/** The reminder e-mail's text, once the server's pass wrote it (it looks every second). */
async function recordatorio(servidor, id) {
  for (let i = 0; i < 100; i++) {
    const texto = servidor.bandeja(id, 'recordatorio');
    if (texto) return texto;
    await espera(100);
  }
  throw new Error(`no llegó el recordatorio:\n${servidor.salida.join('')}`);
}

test('a guest confirms from the reminder e-mail on a phone and the host sees «Confirmó» without a reload', async () => {
  // Wednesday 13:00: the guest books Thursday 20:00; the manager turns reminders on, 24 h before.
  const carpeta = await mkdtemp(join(tmpdir(), 'anfitrion-e2e-recordatorio-'));
  limpiar.push(() => rm(carpeta, { recursive: true, force: true }));
  const primero = await iniciarServidor({ ahora: '2026-11-25 13:00', carpeta, entorno: CON_CORREO });
  const name = `Inés Recordada ${String(Date.now()).slice(-5)}`;
  const reserva = await llamarApi(primero, '/v1/public/reservacion', {
    method: 'POST',
    body: { tag: TAG, fecha_hora: '2026-11-26 20:00', no_personas: 2, name, email: 'ines.recordada@correo.mx', phone: '' },
  });
  assert.equal(reserva.status, 201, reserva.body.message);
  const id = reserva.body.data._id;
  const login = await llamarApi(primero, '/v1/auth/login', { method: 'POST', body: { email: CUENTAS.gerente, password: 'demo1234' } });
  const gerente = login.body.data.token;
  const conf = await llamarApi(primero, '/v1/admin/conf-walkin', { token: gerente, query: { tag: TAG } });
  const guardado = await llamarApi(primero, '/v1/admin/conf-walkin', {
    token: gerente,
    method: 'PUT',
    query: { tag: TAG },
    body: { ...conf.body.data, recordatorios_horas: [24] },
  });
  assert.equal(guardado.status, 200, guardado.body.message);
  assert.deepEqual(guardado.body.data.recordatorios_horas, [24]);
  assert.equal(primero.bandeja(id, 'recordatorio'), '', 'a day and seven hours before, nothing is due');
  await primero.cerrar();

  // Wednesday 20:30, on the same database: the reminder is due.
  const servidor = await iniciarServidor({ ahora: '2026-11-25 20:30', carpeta, argumentos: ['--recordatorios-cada', '1s'], entorno: CON_CORREO });
  limpiar.push(() => servidor.cerrar());
  const texto = await recordatorio(servidor, id);
  assert.match(texto, /Te recordamos tu reservación/);
  const enlace = (accion) => {
    const m = texto.match(new RegExp(`https?://[^\\s]+(/reservacion/${TAG}/${accion}/${id}\\?t=[^\\s]+)`));
    assert.ok(m, `the e-mail carries the «${accion}» link:\n${texto}`);
    return m[1];
  };
  const confirmar = enlace('confirmar');
  enlace('cancelar');

  const navegador = await abrirNavegador();
  limpiar.push(() => navegador.cerrar());
  // The hostess has tomorrow's reservations open on this guest.
  const pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
  seguirRed(pagina);
  await entrar(pagina, servidor.base, CUENTAS.hostess);
  await pagina.evaluate((tag) => localStorage.setItem('sucursal', tag), TAG);
  const flujo = pagina.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/admin/notifications/stream');
  await pagina.goto(`${servidor.base}/reservaciones/pendientes/${id}`);
  assert.equal((await flujo).status(), 200);
  await pagina.getByRole('searchbox', { name: 'Buscar reservación' }).fill(name);
  const fila = pagina.locator(`a[data-reservacion="${id}"]`);
  await fila.waitFor();
  assert.equal(await fila.locator('[data-marca="confirmo"]').count(), 0);
  await pagina.evaluate(() => {
    window.__sinRecargar = true;
  });

  // The guest opens the e-mail's "Confirmo" on a phone: nothing happens until the tap.
  const telefono = await navegador.contexto.newPage();
  seguirRed(telefono);
  await telefono.setViewportSize({ width: 390, height: 844 });
  await telefono.goto(`${servidor.base}${confirmar}`);
  const boton = telefono.getByRole('button', { name: 'Confirmo mi asistencia' });
  await boton.waitFor();
  assert.ok((await telefono.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'no sideways scroll at 390 px');
  const antes = await llamarApi(servidor, `/v1/public/reservacion/${id}/enlace`, { query: { t: new URL(confirmar, servidor.base).searchParams.get('t') } });
  assert.equal(antes.body.data.usado, false, 'opening the link confirmed nothing');
  const [respuesta] = await Promise.all([
    telefono.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/public/reservacion/${id}/confirmar` && r.request().method() === 'POST'),
    boton.click(),
  ]);
  assert.equal(respuesta.status(), 200);
  await telefono.getByText('¡Gracias! Tu asistencia quedó confirmada.').waitFor();

  // The hostess's row says so, without a reload.
  await fila.locator('[data-marca="confirmo"]').waitFor({ timeout: 5000 });
  assert.equal(await pagina.evaluate(() => window.__sinRecargar), true, 'the host\'s page was not reloaded');

  // The link works once.
  await telefono.reload();
  await telefono.getByText('Este enlace ya se usó.').waitFor();
  assert.equal(await telefono.getByRole('button', { name: 'Confirmo mi asistencia' }).count(), 0);
});
