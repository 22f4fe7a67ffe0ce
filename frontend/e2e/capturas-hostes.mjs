// Screenshots of the host stand (/hostes: home with a scanned card, the camera dialog, walk-in,
// check-in and a reservation's edit) on a tablet in landscape and portrait and at 1280 px, for a
// person to look at: `node e2e/capturas-hostes.mjs [DIR]` (default ../.tmp/shots-hostes). The
// camera is Chromium's fake one showing a demo reservation's QR. Uses the same server helper as
// the tests, or ANFITRION_E2E_BASE.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { argsCamara, y4mConQr } from './camara.mjs';
import { abrirNavegador, CUENTAS, entrar, limpiar, llamarApi } from './navegador.mjs';
import { FRONTEND, iniciarServidor } from './servidor.mjs';

const dir = resolve(process.argv[2] ?? join(FRONTEND, '..', '.tmp', 'shots-hostes'));
await mkdir(dir, { recursive: true });
const carpeta = await mkdtemp(join(tmpdir(), 'anfitrion-capturas-camara-'));
const video = join(carpeta, 'camara.y4m');
await writeFile(video, y4mConQr('anfitrion'));
const servidor = process.env.ANFITRION_E2E_BASE
  ? { base: process.env.ANFITRION_E2E_BASE, api: process.env.ANFITRION_E2E_BASE, cerrar: async () => {} }
  : await iniciarServidor();
const navegador = await abrirNavegador({ args: argsCamara(video) });
const TAMANOS = [
  [1024, 768],
  [768, 1024],
  [1280, 800],
];
try {
  const pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
  const foto = async (nombre, { completa = false } = {}) => {
    await pagina.waitForTimeout(300);
    const { width, height } = pagina.viewportSize();
    await pagina.screenshot({ path: join(dir, `${nombre}-${width}x${height}.png`), fullPage: completa });
  };
  for (const [ancho, alto] of TAMANOS) {
    await pagina.setViewportSize({ width: ancho, height: alto });
    await limpiar(navegador.contexto, pagina, servidor.base);
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const { body } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag, status: 'hoy' } });
    const r = body.data.find((x) => x.status === 'Pendiente');
    await writeFile(video, y4mConQr(r._id));

    await pagina.goto(`${servidor.base}/hostes`);
    await pagina.getByTestId('proximas-llegadas').locator('a[data-reservacion]').first().waitFor();
    await foto('inicio');
    await pagina.getByLabel('Código de la reservación').fill(r._id);
    await pagina.getByLabel('Código de la reservación').press('Enter');
    await pagina.getByTestId('panel-checkin').getByTestId('tarjeta-reservacion').waitFor();
    await foto('inicio-tarjeta', { completa: true });

    await pagina.locator('[data-accion="checkin"]').click();
    const dialogo = pagina.getByRole('dialog', { name: 'Registrar asistencia' });
    await dialogo.getByRole('button', { name: /Cámara/ }).click();
    await dialogo.getByTestId('tarjeta-reservacion').waitFor();
    await foto('camara');
    await dialogo.getByRole('button', { name: 'Cerrar' }).first().click();
    await dialogo.waitFor({ state: 'detached' });

    await pagina.goto(`${servidor.base}/hostes/walkin`);
    await pagina.getByLabel('Nombre').waitFor();
    await foto('walkin');
    await pagina.goto(`${servidor.base}/hostes/checkin/${r._id}`);
    // A known reservation opens on its order.
    await pagina.getByTestId('flujo-asistencia').locator('form[data-paso="comanda"]').waitFor();
    await foto('checkin');
    await pagina.goto(`${servidor.base}/hostes/reserva/${r._id}`);
    await pagina.getByTestId('editar-reserva').waitFor();
    await foto('reserva-editar');
    await pagina.goto(`${servidor.base}/hostes/reserva`);
    // The booking page inside the frame has loaded its branch and drawn its form.
    await pagina.frameLocator('iframe').locator('form').waitFor();
    await foto('reserva-nueva');
  }
  console.log(`capturas en ${dir}`);
} finally {
  await navegador.cerrar();
  await servidor.cerrar();
  await rm(carpeta, { recursive: true, force: true });
}
