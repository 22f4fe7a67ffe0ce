// The audit logs and the dashboard against the real server: a manager narrows the reservation
// log to a date range, downloads it as CSV (BOM and the screen's headings), searches it in the
// words it shows (an action's label, a guest's name) and opens a guest from it; the dashboard
// shows the API's numbers for the demo branch and draws its SVG charts.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { CUENTAS, diaSucursal, entrar, llamarApi, prepararSuite } from './navegador.mjs';

let servidor;
let pagina;

prepararSuite((s) => ({ servidor, pagina } = s));

const esBitacora = (r, filtro) => {
  const u = new URL(r.url());
  return u.pathname === '/api/v1/admin/logs/reserva' && Object.entries(filtro).every(([k, v]) => u.searchParams.get(k) === v);
};

describe('bitácoras', () => {
  test('a manager filters the reservation log by date range and downloads the CSV', async () => {
    const sesion = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    assert.ok(tag, 'a branch is chosen after login');
    const hoy = diaSucursal(0);

    await pagina.goto(`${servidor.base}/logs/reserva`);
    await pagina.getByRole('heading', { name: 'Bitácora de reservaciones' }).waitFor();

    // A range in the past: the empty state.
    const antes = diaSucursal(-60);
    await Promise.all([
      pagina.waitForResponse((r) => esBitacora(r, { hasta: diaSucursal(-59) })),
      (async () => {
        await pagina.getByLabel('Desde').fill(antes);
        await pagina.getByLabel('Hasta').fill(diaSucursal(-59));
      })(),
    ]);
    await pagina.getByText('No hay registros en este periodo.').waitFor();

    // Today only: the rows equal the API's answer for the same range.
    const [respuesta] = await Promise.all([
      pagina.waitForResponse((r) => esBitacora(r, { desde: hoy, hasta: hoy })),
      (async () => {
        await pagina.getByLabel('Hasta').fill(hoy);
        await pagina.getByLabel('Desde').fill(hoy);
      })(),
    ]);
    const pagina1 = (await respuesta.json()).data;
    const api = await llamarApi(servidor, '/v1/admin/logs/reserva', { token: sesion.token, query: { tag, desde: hoy, hasta: hoy, limit: '50' } });
    assert.equal(api.body.status, 'success');
    assert.ok(api.body.data.total > 0, 'the demo branch has log entries today');
    assert.equal(pagina1.total, api.body.data.total);
    const filas = pagina.locator('tbody tr:not([data-esqueleto])');
    await pagina.getByText(`${api.body.data.total} registro`).waitFor();
    assert.equal(await filas.count(), Math.min(50, api.body.data.items.length));
    // Newest first, with the action in Spanish words.
    const primera = api.body.data.items[0];
    assert.equal(await filas.first().locator('td').nth(1).innerText(), primera.usuario_name);
    const acciones = await pagina.locator('tbody tr td:nth-child(3) > div:first-child').allInnerTexts();
    for (const a of acciones) assert.match(a, /^(Registro|Cancelación|Edición|Edición del cliente|Asistencia|No asistió|Notificación leída)$/);
    // Only the CSV button: no print or other export controls.
    assert.equal(await pagina.getByRole('button', { name: /imprimir/i }).count(), 0);
    assert.equal(await pagina.locator('tbody input[type=checkbox]').count(), 0);

    // The download carries the filtered range, with the bearer header and no token in the URL.
    const [peticion, descarga] = await Promise.all([
      pagina.waitForRequest((r) => esBitacora(r, { desde: hoy, hasta: hoy }) && r.headers().accept === 'text/csv'),
      pagina.waitForEvent('download'),
      pagina.getByRole('button', { name: 'Descargar CSV' }).click(),
    ]);
    assert.match(peticion.headers().authorization ?? '', /^Bearer /);
    assert.doesNotMatch(peticion.url(), /token/i);
    const bytes = await readFile(await descarga.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const texto = bytes.subarray(3).toString('utf8');
    assert.equal(texto.split(/\r?\n/)[0], 'Fecha y hora,Usuario,Acción,Registro,Antes / después');
    const lineas = texto.split(/\r?\n/).filter((l) => l !== '');
    assert.equal(lineas.length - 1, api.body.data.total, 'one line per entry of the range');
    assert.match(descarga.suggestedFilename(), /\.csv$/);
  });

  test('a manager finds a cancellation by its label and by the guest, opens the guest, and the CSV says the same', async () => {
    const sesion = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    // A booking of the demo branch is cancelled: the log's newest cancellation.
    const pendientes = await llamarApi(servidor, '/v1/admin/reservacion', { token: sesion.token, query: { tag, status: 'pendientes', limit: '50' } });
    const reserva = pendientes.body.data.items.find((r) => /^[\p{L} ]+$/u.test(r.name));
    assert.ok(reserva, 'the demo branch has a pending booking');
    const cancelada = await llamarApi(servidor, `/v1/admin/reservacion/${reserva._id}/cancel`, { token: sesion.token, method: 'PUT', query: { tag } });
    assert.equal(cancelada.body.status, 'success');

    await pagina.goto(`${servidor.base}/logs/reserva`);
    await pagina.getByRole('heading', { name: 'Bitácora de reservaciones' }).waitFor();
    const filas = pagina.locator('tbody tr:not([data-esqueleto])');
    const buscar = async (q) => {
      const [respuesta] = await Promise.all([
        pagina.waitForResponse((r) => esBitacora(r, { q })),
        pagina.getByLabel('Buscar en la bitácora').fill(q),
      ]);
      const datos = (await respuesta.json()).data;
      await pagina.getByText(`${datos.total} ${datos.total === 1 ? 'registro' : 'registros'}`, { exact: true }).waitFor();
      return datos;
    };
    const registro = (fila) => fila.locator('td').nth(3);

    // By the action's label, typed without its accent: only cancellations, ours first, naming the guest.
    const porEtiqueta = await buscar('cancelacion');
    assert.ok(porEtiqueta.total >= 1);
    for (const a of await pagina.locator('tbody tr td:nth-child(3) > div:first-child').allInnerTexts()) assert.equal(a, 'Cancelación');
    assert.equal(await registro(filas.first()).innerText(), reserva.name);
    assert.doesNotMatch(await filas.first().innerText(), new RegExp(reserva._id));
    assert.match(await filas.first().locator('td').nth(4).innerText(), /Estado:\s*Pendiente\s*→\s*Cancelada/);

    // By the guest's name in capitals: the booking's creation and its cancellation (which holds
    // no name), every row naming the guest.
    const porNombre = await buscar(reserva.name.toUpperCase());
    const deLaReserva = porNombre.items.filter((e) => e.enlace?._id === reserva._id).map((e) => e.accion_etiqueta);
    assert.deepEqual(deLaReserva.sort(), ['Cancelación', 'Registro']);
    assert.equal(await filas.count(), porNombre.items.length);
    for (const celda of await pagina.locator('tbody tr td:nth-child(4)').allInnerTexts()) assert.ok(celda.includes(reserva.name), celda);

    // The CSV of the search holds the same words: the label, the guest, the change.
    await buscar('cancelación');
    const [descarga] = await Promise.all([pagina.waitForEvent('download'), pagina.getByRole('button', { name: 'Descargar CSV' }).click()]);
    const texto = (await readFile(await descarga.path())).subarray(3).toString('utf8');
    const lineas = texto.split('\r\n').filter((l) => l !== '');
    assert.equal(lineas[0], 'Fecha y hora,Usuario,Acción,Registro,Antes / después');
    assert.equal(lineas.length - 1, porEtiqueta.total);
    assert.match(lineas[1], new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},Gabriela Gerente,Cancelación,${reserva.name},Estado: Pendiente → Cancelada$`));
    assert.ok(lineas.slice(1).every((l) => l.includes(',Cancelación,')), texto);
    assert.doesNotMatch(texto, /[{}]|cancelar|Vencido/);

    // The guest's name opens the booking.
    await registro(filas.first()).getByRole('link', { name: reserva.name }).click();
    await pagina.waitForURL(`**/reservaciones/todas/${reserva._id}`);
    await pagina.getByTestId('detalle-reservacion').getByText(reserva.name).first().waitFor();
  });

  test('the walk-in log lists the branch entries', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    await pagina.goto(`${servidor.base}/logs/walk-in`);
    await pagina.getByRole('heading', { name: 'Bitácora de walk-in' }).waitFor();
    await pagina.locator('tbody tr:not([data-esqueleto])').first().waitFor();
    assert.ok((await pagina.getByRole('cell', { name: 'Registro', exact: true }).count()) > 0);
    // Each walk-in is named by its guest and folio, linking to it.
    const enlace = pagina.locator('tbody tr td:nth-child(4) a').first();
    assert.match(await enlace.innerText(), /^.+ \(folio .+\)$/);
    assert.match(await enlace.getAttribute('href'), /^\/walkin\/todas\/[^/]+$/);
  });
});

describe('dashboard', () => {
  test('the cards show the API numbers of the demo branch and the charts are drawn', async () => {
    const sesion = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const dia = await llamarApi(servidor, '/v1/admin/dashboard', { token: sesion.token, query: { tag } });
    assert.equal(dia.body.status, 'success');
    const d = dia.body.data;

    await pagina.goto(`${servidor.base}/`);
    await pagina.getByRole('heading', { name: /Dashboard/ }).waitFor();
    const valor = (nombre) => pagina.locator(`[data-tarjeta="${nombre}"] [data-valor]`).innerText();
    await pagina.locator('[data-tarjeta="Pendientes"]').waitFor();
    assert.equal(await valor('Pendientes'), String(d.reservaciones.pendiente));
    assert.equal(await valor('Asistieron'), String(d.reservaciones.asistio));
    assert.equal(await valor('No asistieron'), String(d.reservaciones.vencido));
    assert.equal(await valor('Canceladas'), String(d.reservaciones.cancelada));
    assert.equal(await valor('Personas esperadas'), String(d.personas_esperadas));
    assert.equal(await valor('Personas sentadas'), String(d.personas_sentadas));
    assert.equal(await valor('Walk-ins'), String(d.walkins));
    const tasa = (await valor('Tasa de no-show')).replace(/\s/g, '');
    if (d.tasa_no_show === null || d.tasa_no_show === undefined) assert.equal(tasa, '—');
    else assert.equal(Number(tasa.replace('%', '')), Math.round(d.tasa_no_show * 1000) / 10);

    // Today's arrivals by hour, the origins, and the four charts of the last 30 days.
    if (d.llegadas_por_hora.length > 0) {
      await pagina.locator('svg[data-grafica="barras"]').waitFor();
      const barras = await pagina.locator('svg[data-grafica="barras"] rect').count();
      assert.ok(barras >= d.llegadas_por_hora.length);
    }
    if (d.origenes.length > 0) assert.equal(await pagina.locator('[data-grafica="origenes"] li').count(), d.origenes.length);
    await pagina.locator('svg[data-grafica="apiladas"]').waitFor();
    assert.equal(await pagina.locator('svg[data-grafica="lineas"]').count(), 3);
    for (const nombre of ['Personas por día', 'Reservaciones y walk-ins', 'Tasa de no-show', 'Mezcla de orígenes']) {
      assert.equal(await pagina.getByRole('img', { name: nombre }).count(), 1, nombre);
    }
    assert.ok((await pagina.locator('svg[data-grafica="lineas"] path').count()) >= 4);
  });

  test('the waitlist\'s panel counts the parties written down and those that left, with their hour', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    await pagina.goto(`${servidor.base}/`);
    const panel = pagina.getByRole('region', { name: 'Lista de espera' });
    await panel.getByText('Nadie se anotó en la lista de espera en los últimos 30 días.').waitFor();
    const ids = [];
    for (const name of ['Familia Pérez', 'Ana Ruiz']) {
      const r = await llamarApi(servidor, '/v1/admin/espera', { token, method: 'POST', body: { tag, name, personas: 2 } });
      assert.equal(r.status, 201, r.body.message);
      ids.push(r.body.data._id);
    }
    const fuera = await llamarApi(servidor, `/v1/admin/espera/${ids[1]}/salir`, { token, method: 'POST', body: { motivo: 'No contestó' } });
    assert.equal(fuera.status, 200, fuera.body.message);
    await pagina.reload();
    const cifra = (nombre) => panel.locator(`[data-cifra="${nombre}"] [data-valor]`).innerText();
    await panel.locator('[data-panel="espera"]').waitFor();
    assert.equal(await cifra('Grupos anotados'), '2');
    assert.equal(await cifra('Se fueron antes de sentarse'), '1');
    assert.equal(await cifra('Sentados'), '0');
    assert.equal(await cifra('Espera mediana'), '—');
    await panel.getByText('0 en línea · 2 en la entrada · 1 esperando ahora').waitFor();
    // Nobody sat down from the list: the quote's error has nothing to measure yet.
    assert.equal(await cifra('Error de la cotización'), '—');
    await panel.getByRole('img', { name: 'Grupos anotados por hora' }).waitFor();
  });
});
