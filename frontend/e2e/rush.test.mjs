// Small things that cost the door a rush, each against the real server at the sizes the console
// is used at (1280 px, the stand's 1024×768 tablet, a 390 px phone), each screen changed left as a
// screenshot in target/capturas-rush/.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { CUENTAS, entrar, prepararSuite } from './navegador.mjs';

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
