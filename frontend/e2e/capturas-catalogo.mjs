// Screenshots of /meseros, /promos (with its dialog), /clientes, a client's page (with the merge
// dialog), /afiliados and an affiliate's page at 1280 and 800 px, for a person to look at:
// `node e2e/capturas-catalogo.mjs [DIR]` (default ../.tmp/shots). Uses the same server helper as
// the tests, or ANFITRION_E2E_BASE when something already serves the console.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { abrirNavegador, CUENTAS, enReposo, entrar, limpiar, seguirRed } from './navegador.mjs';
import { FRONTEND, iniciarServidor } from './servidor.mjs';

const dir = resolve(process.argv[2] ?? join(FRONTEND, '..', '.tmp', 'shots'));
await mkdir(dir, { recursive: true });
const servidor = process.env.ANFITRION_E2E_BASE ? { base: process.env.ANFITRION_E2E_BASE, cerrar: async () => {} } : await iniciarServidor();
const navegador = await abrirNavegador();
try {
  const pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
  seguirRed(pagina);
  const captura = async (nombre, ancho) => {
    await enReposo(pagina);
    await pagina.waitForTimeout(250); // the dialogs' 150 ms transition
    await pagina.screenshot({ path: join(dir, `${nombre}-${ancho}.png`) });
  };
  await limpiar(navegador.contexto, pagina, servidor.base);
  await entrar(pagina, servidor.base, CUENTAS.gerente);
  for (const ancho of [1280, 800]) {
    await pagina.setViewportSize({ width: ancho, height: 860 });
    await pagina.goto(`${servidor.base}/meseros`);
    await pagina.locator('tr[data-mesero]').first().waitFor();
    await captura('meseros', ancho);
    await pagina.goto(`${servidor.base}/promos`);
    await pagina.locator('tr[data-promo]').first().waitFor();
    await captura('promos', ancho);
    await pagina.locator('tr[data-promo]').first().getByRole('button', { name: /^Editar/ }).click();
    await captura('promo-dialogo', ancho);
    await pagina.keyboard.press('Escape');
    await pagina.goto(`${servidor.base}/clientes`);
    await pagina.locator('tr[data-cliente]').first().waitFor();
    await captura('clientes', ancho);
    await pagina.locator('tr[data-cliente] a').first().click();
    await pagina.getByRole('heading', { level: 1 }).waitFor();
    await captura('cliente', ancho);
    await pagina.getByRole('button', { name: 'Fusionar' }).click();
    await pagina.getByLabel('Buscar el duplicado').fill('a');
    await captura('cliente-fusionar', ancho);
    await pagina.keyboard.press('Escape');
    await pagina.keyboard.press('Escape');
    await pagina.goto(`${servidor.base}/afiliados`);
    await pagina.locator('tr[data-afiliado]').first().waitFor();
    await captura('afiliados', ancho);
    await pagina.locator('tr[data-afiliado]').first().getByRole('button', { name: /^Editar/ }).click();
    await captura('afiliado-dialogo', ancho);
    await pagina.keyboard.press('Escape');
    await pagina.locator('tr[data-afiliado] td a').first().click();
    await pagina.locator('[data-cifra="total"]').waitFor();
    await captura('afiliado', ancho);
  }
  console.log(`capturas en ${dir}`);
} finally {
  await navegador.cerrar();
  await servidor.cerrar();
}
