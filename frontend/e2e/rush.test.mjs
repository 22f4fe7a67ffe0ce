// Small things that cost the door a rush, each against the real server at the sizes the console
// is used at (1280 px, the stand's 1024×768 tablet, a 390 px phone), each screen changed left as a
// screenshot in target/capturas-rush/.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { CUENTAS, entrar, llamarApi, prepararSuite, sentablesAhora } from './navegador.mjs';

let servidor;
let pagina;

prepararSuite((s) => ({ servidor, pagina } = s));

const CAPTURAS = new URL('../../target/capturas-rush/', import.meta.url);
/** A screenshot of what the page shows now, in target/capturas-rush/. */
async function foto(nombre, { completa = false } = {}) {
  await mkdir(CAPTURAS, { recursive: true });
  await pagina.waitForTimeout(250);
  await pagina.screenshot({ path: new URL(`${nombre}.png`, CAPTURAS).pathname, fullPage: completa });
}

/** The sizes every screen changed here is looked at: desktop, the stand's tablet, a phone. */
const TAMANOS = [
  [1280, 900],
  [1024, 768],
  [390, 844],
];

describe('the waitlist', () => {
  test("the Agregar dialog takes the name typed as it opens, on the stand's touch tablet too", async () => {
    await entrar(pagina, servidor.base, CUENTAS.hostess);
    // A touch screen ("pointer: coarse"), where Headless UI leaves a dialog's boxes unfocused.
    const cdp = await pagina.context().newCDPSession(pagina);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    try {
      for (const [ancho, alto] of TAMANOS) {
        await pagina.setViewportSize({ width: ancho, height: alto });
        await pagina.goto(`${servidor.base}/hostes`);
        assert.equal(await pagina.evaluate(() => matchMedia('(pointer: coarse)').matches), true);
        const lista = pagina.getByTestId('lista-espera');
        await lista.getByText('Nadie espera mesa.').waitFor();
        await lista.getByRole('button', { name: 'Agregar a la lista' }).click();
        const dialogo = pagina.getByRole('dialog', { name: 'Agregar a la lista de espera' });
        await dialogo.waitFor();
        // The host types straight away: every keystroke lands in Nombre.
        await pagina.keyboard.type('Familia Prisa');
        assert.equal(await dialogo.getByLabel('Nombre').inputValue(), 'Familia Prisa', `${ancho} px`);
        await foto(`espera-agregar-${ancho}`);
        await dialogo.getByRole('button', { name: 'Cancelar' }).click();
        await dialogo.waitFor({ state: 'detached' });
      }
    } finally {
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
      await cdp.detach();
    }
  });
});

describe('the check-in', () => {
  test('the abre step says "Escribe el nombre de los festejados" only while the names are missing', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const { body } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag, status: 'hoy', limit: '200' } });
    const [r] = sentablesAhora(servidor, body.data.items ?? body.data);
    assert.ok(r, 'a demo reservation the door may seat now');
    await pagina.goto(`${servidor.base}/hostes/checkin/${r._id}`);
    await pagina.locator('form[data-paso="comanda"]').waitFor();
    await pagina.locator('select[name="mesa"] option').nth(1).waitFor({ state: 'attached' });
    await pagina.locator('select[name="mesa"]').selectOption({ index: 1 });
    await pagina.locator('select[name="mesero_id"]').selectOption({ index: 1 });
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('[data-paso="abre"]').waitFor();
    await pagina.getByRole('radio', { name: 'Sí' }).click();
    await pagina.locator('select[name="promo"]').selectOption({ label: 'Cumpleaños' });
    const agregar = pagina.getByRole('button', { name: 'Agregar', exact: true });
    const pista = pagina.locator('[data-toast="error"]', { hasText: 'Escribe el nombre de los festejados' });

    // Added without names: core's refusal says what is missing; no promotion picked any more,
    // nothing is missing.
    await agregar.click();
    await pista.waitFor();
    await pagina.locator('select[name="promo"]').selectOption({ index: 0 });
    await pista.waitFor({ state: 'detached', timeout: 1000 });

    // Again, and the names typed: the hint goes at once (not when its six seconds run out).
    await pagina.locator('select[name="promo"]').selectOption({ label: 'Cumpleaños' });
    await agregar.click();
    await pista.waitFor();
    await pagina.getByLabel('Nombre de los festejados').fill('Ana y Luis');
    await pista.waitFor({ state: 'detached', timeout: 1000 });
    await agregar.click();
    await pagina.locator('table[aria-label="Promociones agregadas"] tbody tr', { hasText: 'Ana y Luis' }).waitFor();
    assert.equal(await pista.count(), 0);
    for (const [ancho, alto] of TAMANOS) {
      await pagina.setViewportSize({ width: ancho, height: alto });
      await foto(`checkin-abre-${ancho}`, { completa: true });
    }
  });
});
