// The console follows the server's clock, not the tablet's: two servers started a minute apart
// around the late cutoff (18:39 and 18:40 in Mexico City), and a browser whose own clock says
// ten in the morning. The host stand's clock shows the server's time, and the walk-in wizard
// starts in the buffet core suggests for the server's time: Adulto/Niño at 18:39,
// Caballero/Dama/Niño from 18:40.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { abrirNavegador, CUENTAS, entrar, limpiar } from './navegador.mjs';
import { FECHA_PRUEBA, iniciarServidor } from './servidor.mjs';

let antes;
let despues;
let navegador;
let pagina;

before(async () => {
  [antes, despues] = await Promise.all([iniciarServidor({ ahora: `${FECHA_PRUEBA} 18:39` }), iniciarServidor({ ahora: `${FECHA_PRUEBA} 18:40` })]);
  navegador = await abrirNavegador();
  // The tablet's own clock is hours off: 10:00 in Mexico City, and running.
  await navegador.contexto.clock.install({ time: new Date(`${FECHA_PRUEBA}T10:00:00-06:00`) });
  pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
});

after(async () => {
  await navegador?.cerrar();
  await Promise.all([antes?.cerrar(), despues?.cerrar()]);
});

/** The buffet the wizard's Comanda step starts in, for a new walk-in now. */
async function modoDelAsistente(servidor) {
  await limpiar(navegador.contexto, pagina, servidor.base);
  await entrar(pagina, servidor.base, CUENTAS.hostess);
  await pagina.goto(`${servidor.base}/walkin/registrar`);
  await pagina.locator('input[name="name"]').fill('Prueba de reloj');
  await pagina.getByRole('button', { name: 'Siguiente' }).click();
  await pagina.locator('input[name="no_personas"]').waitFor();
  return (await pagina.locator('input[name="buffet_promo_girl"]').count()) > 0 ? 'Promo' : 'Regular';
}

describe("the server's clock", () => {
  test('one minute before the late cutoff the wizard starts in the regular buffet, and the stand shows the server’s time', async () => {
    assert.equal(await modoDelAsistente(antes), 'Regular');
    await pagina.goto(`${antes.base}/hostes`);
    // From its first frame (the offset learned before the reload is kept for the tab).
    const reloj = await pagina.locator('header time').innerText();
    assert.match(reloj, /^06:(39|40):\d{2}\s?p\.?\s?m\.?$/i, `the stand's clock reads the server's 18:39, not the tablet's 10:00 (${reloj})`);
  });

  test('at the late cutoff it starts in the promo buffet', async () => {
    assert.equal(await modoDelAsistente(despues), 'Promo');
  });
});
