// A Friday night at the demo's Polanco, at the three hours the first real night was tried at
// (20:00, 22:45 and 00:30 on Saturday): "today" is Friday's business day until it ends at 05:00,
// the demo keeps within the branch's hours and promotes only what applies on a Friday, and the
// floor's promised tables lead the host straight to the reservation they are held for.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { abrirNavegador, CUENTAS, entrar, limpiar, llamarApi, seguirRed } from './navegador.mjs';
import { iniciarServidor } from './servidor.mjs';

const TAG = 'polanco';
const VIERNES = '2026-11-27';

/** A server and a signed-out page at `ahora`, for one describe block. */
function suiteA(ahora) {
  const s = {};
  before(async () => {
    s.servidor = await iniciarServidor({ ahora });
    s.navegador = await abrirNavegador();
    s.pagina = s.navegador.contexto.pages()[0] ?? (await s.navegador.contexto.newPage());
    seguirRed(s.pagina);
  });
  beforeEach(async () => {
    await s.pagina.setViewportSize({ width: 1280, height: 900 });
    await limpiar(s.navegador.contexto, s.pagina, s.servidor.base);
  });
  after(async () => {
    await s.navegador?.cerrar();
    await s.servidor?.cerrar();
  });
  return s;
}

/** Friday's closing hour at the branch ("22:30"), as its schedule says. */
async function cierreDelViernes(servidor, token) {
  const { body } = await llamarApi(servidor, '/v1/admin/sucursal', { token, query: { tag: TAG } });
  const viernes = body.data[0].horario.find((d) => d.dia === 5);
  assert.ok(viernes && !viernes.cerrado, 'the demo opens on Fridays');
  return viernes.cierra;
}

for (const ahora of [`${VIERNES} 20:00`, `${VIERNES} 22:45`, '2026-11-28 00:30']) {
  describe(`Friday night at ${ahora}`, () => {
    const s = suiteA(ahora);

    test("Hoy is Friday's business day, every arrival within Friday's hours, and the screen lists them", async () => {
      const { servidor, pagina } = s;
      const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
      await pagina.evaluate((tag) => localStorage.setItem('sucursal', tag), TAG);
      const cierre = await cierreDelViernes(servidor, token);
      const hoy = (await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag: TAG, status: 'hoy', limit: '200' } })).body.data;
      assert.ok(hoy.length > 0, 'the demo has arrivals on Friday');
      for (const r of hoy) {
        assert.equal(r.fecha_hora.slice(0, 10), VIERNES, `${r.name} belongs to Friday's business day`);
        assert.ok(r.fecha_hora.slice(11, 16) <= cierre, `${r.name} at ${r.fecha_hora} is within Friday's hours (until ${cierre})`);
      }
      await pagina.goto(`${servidor.base}/reservaciones/hoy`);
      const lista = pagina.locator('[role="list"][aria-label="Reservaciones"]');
      await lista.waitFor();
      const primera = [...hoy].sort((a, b) => a.fecha_hora.localeCompare(b.fecha_hora))[0];
      await lista.locator(`a[data-reservacion="${primera._id}"]`).waitFor();
      assert.equal(await pagina.getByText('No hay reservaciones').count(), 0);
    });

    test("the promotions offered are Friday's, and Buen Fin is dated in its November weekend", async () => {
      const { servidor, pagina } = s;
      const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
      const activas = (await llamarApi(servidor, '/v1/admin/promocion/activas', { token, query: { tag: TAG } })).body.data;
      const nombres = activas.map((p) => p.name);
      assert.ok(!nombres.includes('2x1 en martes'), `a Tuesday promotion is not offered on a Friday: ${nombres.join(', ')}`);
      const todas = (await llamarApi(servidor, '/v1/admin/promocion', { token, query: { tag: TAG, limit: '100' } })).body.data;
      const lista = Array.isArray(todas) ? todas : todas.items;
      const buenFin = lista.find((p) => p.name === 'Buen Fin');
      assert.ok(buenFin, 'the demo has its Buen Fin promotion');
      const fechas = JSON.stringify(buenFin);
      assert.doesNotMatch(fechas, /-12-\d\d/, `Buen Fin is not dated in December: ${fechas}`);
      // The screen of promotions shows it among the first the manager sees.
      await pagina.goto(`${servidor.base}/promos`);
      await pagina.getByText('Buen Fin', { exact: true }).first().waitFor();
    });

    if (ahora.endsWith('00:30')) {
      test('at 00:30 the guests still eating came in today: the latest walk-in seated is on Walk-in → Hoy', async () => {
        const { servidor, pagina } = s;
        const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
        await pagina.evaluate((tag) => localStorage.setItem('sucursal', tag), TAG);
        const piso = (await llamarApi(servidor, '/v1/admin/salon', { token, query: { tag: TAG } })).body.data;
        const sentados = piso.mesas.filter((m) => m.turno?.walkin_id).map((m) => m.turno);
        assert.ok(sentados.length > 0, 'walk-ins still seated after midnight');
        const ultimo = [...sentados].sort((a, b) => (a.minutos ?? 0) - (b.minutos ?? 0))[0];
        await pagina.goto(`${servidor.base}/walkin/hoy`);
        await pagina.locator(`[data-walkin="${ultimo.walkin_id}"]`).first().waitFor();
        assert.equal(await pagina.getByText('No hay walk-ins').count(), 0);
      });
    }

    if (ahora.endsWith('20:00')) {
      test("the floor's promised table opens the check-in of the reservation it holds, with that table chosen", async () => {
        const { servidor, pagina } = s;
        const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
        await pagina.evaluate((tag) => localStorage.setItem('sucursal', tag), TAG);
        const piso = (await llamarApi(servidor, '/v1/admin/salon', { token, query: { tag: TAG } })).body.data;
        const mesas = piso.mesas.filter((m) => m.estado === 'libre' && m.proxima);
        assert.ok(mesas.length >= 2, 'the demo floor holds free tables for arrivals due soon');
        const [mesa, otra] = mesas;

        // Registrar llegada aquí on the table: the check-in of the reservation it is held for.
        await pagina.goto(`${servidor.base}/salon`);
        await pagina.locator(`button[data-mesa="${mesa.numero}"]`).click();
        await pagina.getByRole('button', { name: 'Registrar llegada aquí' }).click();
        const dialogo = pagina.getByRole('dialog', { name: 'Registrar asistencia' });
        await dialogo.locator('form[data-paso="comanda"]').waitFor();
        assert.match(await dialogo.innerText(), new RegExp(mesa.proxima.name));
        assert.equal(await dialogo.locator('select[name="mesa"]').inputValue(), String(mesa.numero));
        // Held for this very party: not marked «Reservada» for it, and nothing to confirm.
        assert.doesNotMatch(await dialogo.locator('select[name="mesa"] option:checked').innerText(), /Reservada/);

        // The same reservation checked in from its own card: its table is chosen already.
        await pagina.goto(`${servidor.base}/hostes/checkin/${otra.proxima._id}`);
        await pagina.locator('form[data-paso="comanda"]').waitFor();
        await pagina.waitForFunction(
          (numero) => document.querySelector('select[name="mesa"]')?.value === numero,
          String(otra.numero),
        );
      });
    }
  });
}
