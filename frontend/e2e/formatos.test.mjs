// One way to write a time, in a browser that speaks English: on a Friday evening of the demo, a
// party past its time reads «Retrasada N min» on today's list, the floor and the host stand's next
// arrivals, with N its whole minutes late by the server's clock; a date box and the lists read
// es-MX ("27, nov 2026", a Spanish calendar) although the browser's language is en-US; and no main
// screen writes an ISO date and time or a 24-hour time where the spec's 'DD, MMM' and 'hh:mm a' are due.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { abrirNavegador, CUENTAS, entrar, enReposo, limpiar, llamarApi, plano, seguirRed } from './navegador.mjs';
import { iniciarServidor } from './servidor.mjs';

// A Friday evening. The demo seeds its day around the clock's start, every reservation still due
// after it: the day is seeded at 20:30 (the first Pendiente at 20:45) and the server started again
// on that database at 20:49, when that party is four minutes late (the no-show tolerance is 30).
const SEMBRADO = '2026-11-27 20:30';
const AHORA = '2026-11-27 20:49';

let carpeta;
let servidor;
let navegador;
let pagina;

before(async () => {
  carpeta = await mkdtemp(join(tmpdir(), 'anfitrion-e2e-formatos-'));
  await (await iniciarServidor({ ahora: SEMBRADO, carpeta })).cerrar();
  servidor = await iniciarServidor({ ahora: AHORA, carpeta });
  // The tablet's language is English: nothing the console writes may follow it.
  navegador = await abrirNavegador({ args: ['--lang=en-US'], locale: 'en-US' });
  pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
  seguirRed(pagina);
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

/** A list's rows, whether the answer is the list or a page of it. */
const filas = (data) => (Array.isArray(data) ? data : data.items);

/** Mexico City has kept UTC-6 all year since 2022. */
const instante = (fechaHora) => Date.parse(`${fechaHora.replace(' ', 'T').slice(0, 16)}:00-06:00`);

/** Whole minutes `fechaHora` is behind the server's clock now. */
const minutosTarde = (fechaHora) => Math.floor((servidor.reloj().getTime() - instante(fechaHora)) / 60_000);

/** Reads a «Retrasada N min» mark: N, checked against the server's clock around the reading. */
async function retrasoLeido(marca, fechaHora) {
  const antes = minutosTarde(fechaHora);
  const texto = plano(await marca.innerText()).trim();
  const despues = minutosTarde(fechaHora);
  const m = /^Retrasada (\d+) min$/.exec(texto);
  assert.ok(m, `«${texto}» reads «Retrasada N min»`);
  const n = Number(m[1]);
  // The console reads its clock every 15 s: N may trail the server's by that much.
  assert.ok(n >= Math.max(1, antes - 1) && n <= despues, `Retrasada ${n} min for a party due at ${fechaHora} (${antes}–${despues} min late)`);
  return n;
}

describe('dates and times', () => {
  test('a party past its time reads «Retrasada N min» on the list, the floor and the next arrivals', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const hoy = filas((await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag, status: 'hoy', limit: '200' } })).body.data);
    const piso = (await llamarApi(servidor, '/v1/admin/salon', { token, query: { tag } })).body.data;
    const tarde = hoy.filter((r) => r.status === 'Pendiente' && minutosTarde(r.fecha_hora) >= 1);
    const enPiso = tarde.find((r) => piso.mesas.some((m) => m.proxima?._id === r._id));
    assert.ok(enPiso, `the demo has a late Pendiente party the floor holds a table for at ${AHORA}: ${JSON.stringify(tarde.map((r) => r.fecha_hora))}`);
    // One due later that is not late: no mark.
    const aTiempo = hoy.find((r) => r.status === 'Pendiente' && minutosTarde(r.fecha_hora) < 0);

    // Reservaciones → Hoy.
    await pagina.goto(`${servidor.base}/reservaciones/hoy`);
    const fila = pagina.locator(`[data-testid="barra-reservaciones"] a[data-reservacion="${enPiso._id}"]`);
    await fila.waitFor();
    await retrasoLeido(fila.locator('[data-marca="retraso"]'), enPiso.fecha_hora);
    for (const r of tarde) {
      const otra = pagina.locator(`[data-testid="barra-reservaciones"] a[data-reservacion="${r._id}"]`);
      if (await otra.count()) await retrasoLeido(otra.locator('[data-marca="retraso"]'), r.fecha_hora);
    }
    if (aTiempo) {
      const suya = pagina.locator(`[data-testid="barra-reservaciones"] a[data-reservacion="${aTiempo._id}"]`);
      if (await suya.count()) assert.equal(await suya.locator('[data-marca="retraso"]').count(), 0, 'a party not yet due is not late');
    }

    // The floor: the table held for it says so instead of its time.
    await pagina.goto(`${servidor.base}/salon`);
    const mesa = pagina.locator(`button[data-mesa] [data-proxima="${enPiso._id}"]`);
    await mesa.waitFor();
    assert.equal(await mesa.getAttribute('data-marca'), 'retraso');
    await retrasoLeido(mesa, enPiso.fecha_hora);

    // The host stand's next arrivals.
    await pagina.goto(`${servidor.base}/hostes`);
    const llegada = pagina.locator(`[data-testid="proximas-llegadas"] a[data-reservacion="${enPiso._id}"]`);
    await llegada.waitFor();
    await retrasoLeido(llegada.locator('[data-marca="retraso"]'), enPiso.fecha_hora);
  });

  test('in an English browser a date box and the lists still read es-MX', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    assert.equal(await pagina.evaluate(() => navigator.language), 'en-US', 'the browser speaks English');
    // What the browser's own date box would have shown: its month/day/year, not the console's.
    const nativa = await pagina.evaluate(() => new Date(Date.UTC(2026, 10, 27, 12)).toLocaleDateString());
    assert.equal(nativa, '11/27/2026');

    await pagina.goto(`${servidor.base}/logs/reserva`);
    await pagina.getByRole('heading', { name: 'Bitácora de reservaciones' }).waitFor();
    const desde = pagina.getByLabel('Desde');
    await desde.fill('27/11/2026');
    await desde.blur();
    assert.equal(await desde.inputValue(), '27, nov 2026');
    assert.equal(await desde.getAttribute('data-valor'), '2026-11-27');
    // Its calendar: Spanish month and weekdays, Monday first; the keys move and choose.
    await desde.focus();
    await desde.press('ArrowDown');
    const calendario = pagina.locator('[data-calendario]');
    await calendario.waitFor();
    assert.equal(await calendario.locator('h2').innerText(), 'Noviembre 2026');
    assert.deepEqual(await calendario.locator('th').allInnerTexts(), ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']);
    await pagina.keyboard.press('ArrowLeft');
    await pagina.keyboard.press('Enter');
    await calendario.waitFor({ state: 'detached' });
    assert.equal(await desde.inputValue(), '26, nov 2026');
    // The entries are filtered by the day chosen, as the box sends it.
    await enReposo(pagina);
    assert.match(plano(await pagina.locator('main').innerText()), /\d{2}, nov 2026 · \d{2}:\d{2} [ap]\.m\./);

    // Today's list: 'DD, MMM' and 'hh:mm a', never the browser's "Nov 27" or "8:10 PM".
    await pagina.goto(`${servidor.base}/reservaciones/hoy`);
    const item = pagina.locator('[data-testid="barra-reservaciones"] a[data-reservacion]').first();
    await item.waitFor();
    assert.equal(plano(await item.locator('[data-campo="fecha"]').innerText()), '27, nov');
    assert.match(plano(await item.locator('[data-campo="hora"]').innerText()), /^\d{2}:\d{2} [ap]\.m\.$/);
    assert.doesNotMatch(await pagina.locator('body').innerText(), /\b(Nov|Fri|Friday|PM|AM)\b/);
  });

  test('no main screen writes an ISO date and time or a 24-hour time', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    // The demo's walk-ins of today, so the walk-in list and its log have some to show.
    const hoy = filas((await llamarApi(servidor, '/v1/admin/walkin', { token, query: { tag, status: 'hoy' } })).body.data);
    assert.ok(hoy.length > 0, 'the demo has walk-ins today');

    const iso = /\b\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}\b/;
    // "20:07" alone; "08:07 p.m." and the clock's "08:07:25 p.m." are the console's.
    const veinticuatro = /(?<![\d:])(?:[01]\d|2[0-3]):[0-5]\d(?![\d:])(?!\s?[ap]\.\s?m\.)/;
    for (const ruta of ['/reservaciones/hoy', '/walkin', '/salon', '/cocina', '/', '/hostes', '/logs/reserva', '/logs/walk-in']) {
      await pagina.goto(`${servidor.base}${ruta}`);
      await enReposo(pagina);
      await pagina.locator('main [data-esqueleto], main .animate-pulse').first().waitFor({ state: 'detached' }).catch(() => {});
      // A log entry's changes are the server's words ("Fecha y hora: 2026-11-24 15:00 → …"), as stored.
      const texto = plano(
        await pagina.evaluate(() => {
          const cambios = [...document.querySelectorAll('[data-cambios]')];
          for (const el of cambios) el.style.display = 'none';
          const texto = document.body.innerText;
          for (const el of cambios) el.style.display = '';
          return texto;
        }),
      );
      assert.doesNotMatch(texto, iso, `${ruta} writes an ISO date and time`);
      const hora = veinticuatro.exec(texto);
      assert.equal(hora, null, `${ruta} writes a 24-hour time: «${hora ? texto.slice(Math.max(0, hora.index - 60), hora.index + 20) : ''}»`);
    }
  });
});
