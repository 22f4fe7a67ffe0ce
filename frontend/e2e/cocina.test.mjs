// The kitchen's tablet against the real server, at 1024×768: the diners seated now and the two
// hours ahead by quarter-hour, each row saying what it is made of; a branch without a kitchen
// printer is told so before printing; a walk-in seated at the door reaches the screen through the live stream,
// without a reload; a role without cocina.index is shown the no-permission page.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { CUENTAS, entrar, llamarApi, prepararSuite } from './navegador.mjs';
import { FECHA_PRUEBA } from './servidor.mjs';

let servidor;
let pagina;

// Lunch under way on a Wednesday: the demo's floor is partly seated, reservations are due.
prepararSuite((s) => ({ servidor, pagina } = s), { ahora: `${FECHA_PRUEBA} 15:00` });

const CAPTURAS = new URL('../../target/capturas-cocina/', import.meta.url);
async function foto(p, nombre) {
  await mkdir(CAPTURAS, { recursive: true });
  await p.screenshot({ path: new URL(`${nombre}.png`, CAPTURAS).pathname, fullPage: true });
}

const numero = async (p, testid) => Number((await p.getByTestId(testid).innerText()).replace(/\D/g, ''));

describe('the kitchen', () => {
  test('the forecast at 1024×768 follows a walk-in seated at the door live', async () => {
    await pagina.setViewportSize({ width: 1024, height: 768 });
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    await pagina.goto(`${servidor.base}/cocina`);
    await pagina.getByRole('heading', { name: 'Cocina', level: 1 }).waitFor();
    await pagina.getByTestId('sentados-total').waitFor();

    // Eight quarter-hours from the one that holds now, each with what it is made of.
    const filas = pagina.getByTestId('fila-pronostico');
    assert.equal(await filas.count(), 8);
    assert.equal(await filas.first().getAttribute('data-desde'), '15:00');
    assert.equal(await filas.last().getAttribute('data-desde'), '16:45');
    const api = (await llamarApi(servidor, '/v1/admin/cocina', { token, query: { tag } })).body.data;
    assert.equal(await numero(pagina, 'esperados-total'), api.pronostico.esperados_total);
    const conReserva = api.pronostico.filas.findIndex((f) => f.reservaciones.grupos > 0);
    if (conReserva >= 0) {
      assert.match(await filas.nth(conReserva).innerText(), /reservaci(ón|ones) \(/, 'the row says it holds reservations');
    }
    await foto(pagina, 'cocina-1024');

    // The demo's branch has no kitchen printer: the screen says so before anyone taps, and
    // printing waits for one.
    assert.equal(await pagina.getByTestId('impresoras-cocina').innerText(), 'Sin impresora de cocina: agrega en la sucursal una que imprima la comanda.');
    assert.equal(await pagina.getByRole('button', { name: 'Imprimir pronóstico' }).isDisabled(), true);
    assert.equal(await pagina.getByTestId('ultima-impresion').count(), 0);

    // A party of three is seated at a free table through the API, as the door's wizard sends it.
    const antes = await numero(pagina, 'sentados-total');
    const piso = (await llamarApi(servidor, '/v1/admin/salon', { token, query: { tag } })).body.data;
    const libre = piso.mesas.find((m) => m.estado === 'libre' && !m.proxima && m.asientos >= 3);
    assert.ok(libre, 'a free table for three');
    const meseros = (await llamarApi(servidor, '/v1/admin/meseros', { token, query: { tag } })).body.data;
    const { status, body } = await llamarApi(servidor, '/v1/admin/walkin', {
      token,
      method: 'POST',
      body: {
        tag_sucursal: tag, name: 'Familia Cocina', email: '', phone: '', evento: 'Ninguno',
        comanda: { mesa: String(libre.numero), mesero_id: meseros[0]._id, no_personas: 3, buffet_adulto: 2, buffet_boy: 1,
                   buffet_promo_adulto: 0, buffet_promo_girl: 0, buffet_promo_boy: 0, isAfter7pm: false },
        abre: { promo: [] },
      },
    });
    assert.equal(status, 201, body.message);
    const desde = Date.now();
    await pagina.waitForFunction(
      (esperado) => document.querySelector('[data-testid="sentados-total"]')?.textContent?.replace(/\D/g, '') === String(esperado),
      antes + 3,
      { timeout: 5000 },
    );
    console.log(`# la cocina vio el walk-in a los ${Date.now() - desde} ms`);
    const ninos = pagina.getByTestId('sentados').locator('[data-tipo="nino"]');
    assert.ok(Number((await ninos.innerText()).replace(/\D/g, '')) >= 1, 'the seated child shows by kind');
  });

  test('a role without cocina.index is shown the no-permission page', async () => {
    await entrar(pagina, servidor.base, CUENTAS.reservaciones);
    await pagina.goto(`${servidor.base}/cocina`);
    await pagina.getByText(/no tienes permiso/i).first().waitFor();
    assert.equal(await pagina.getByTestId('fila-pronostico').count(), 0);
  });
});
