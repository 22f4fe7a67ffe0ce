// Camera check-in benchmark: the worker path as the host stand runs it, in headless Chromium with
// a fake camera playing a demo reservation's QR, against `anfitrion serve --demo` (the release
// binary, which embeds the console). Prints the frames the worker decodes per second while a code
// is in view (the scan loop's 10 ms pace) and the median time from the first frame reaching the
// worker to the reservation's card over N scans.
// Usage: node scripts/bench-checkin.mjs [N]   (ANFITRION_BIN picks another binary)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.env.ANFITRION_E2E_FRONT ??= 'binario';
process.env.ANFITRION_BIN ??= join(raiz, 'target/release/anfitrion');

const { argsCamara, LADO, olvidarEscaneo, tiemposDeEscaneo, vigilarCamara, y4mConQr } = await import('../frontend/e2e/camara.mjs');
const { abrirNavegador, CUENTAS, entrar, llamarApi, seguirRed } = await import('../frontend/e2e/navegador.mjs');
const { iniciarServidor } = await import('../frontend/e2e/servidor.mjs');

const ESCANEOS = Number(process.argv[2] ?? 15);
/** Frames counted for the rate, once the card showed and the loop reads at its fastest. */
const CUADROS = 150;

const mediana = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const carpeta = await mkdtemp(join(tmpdir(), 'anfitrion-bench-camara-'));
const video = join(carpeta, 'camara.y4m');
await writeFile(video, y4mConQr('anfitrion'));
let servidor;
let navegador;
try {
  servidor = await iniciarServidor();
  navegador = await abrirNavegador({ args: argsCamara(video) });
  const pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
  seguirRed(pagina);
  await vigilarCamara(pagina);

  const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
  const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
  const { status, body } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag, status: 'pendientes', limit: '1' } });
  const [r] = status === 200 ? body.data.items : [];
  if (!r) throw new Error(`sin reservación pendiente en ${tag}: ${body.message}`);
  await writeFile(video, y4mConQr(r._id));

  await pagina.goto(`${servidor.base}/hostes`);
  await pagina.locator('[data-accion="checkin"]').click();
  const dialogo = pagina.getByRole('dialog', { name: 'Registrar asistencia' });
  await dialogo.waitFor();
  const tarjeta = dialogo.locator(`[data-testid="tarjeta-reservacion"][data-reservacion="${r._id}"]`);
  const lector = dialogo.getByTestId('lector-camara');

  // N scans, each a fresh start of the camera method (camera, worker and its WASM core).
  const tiempos = [];
  for (let i = 0; i < ESCANEOS; i++) {
    await olvidarEscaneo(pagina);
    await dialogo.getByRole('button', { name: /Cámara/ }).click();
    await tarjeta.waitFor({ timeout: 15_000 });
    const t = await tiemposDeEscaneo(pagina);
    if (!t) throw new Error('el escaneo no dejó sus marcas');
    tiempos.push(t.total);
    await dialogo.getByRole('button', { name: 'Regresar' }).click();
    await lector.waitFor({ state: 'detached' });
  }

  // The rate: a code in view keeps the loop at its 10 ms pace, so the worker sets it.
  await dialogo.getByRole('button', { name: /Cámara/ }).click();
  await tarjeta.waitFor({ timeout: 15_000 });
  const leer = () =>
    pagina.evaluate(() => {
      const el = document.querySelector('[data-testid="lector-camara"]');
      return { cuadros: Number(el?.dataset.cuadros ?? 0), ms: Number(el?.dataset.msDecodificando ?? 0), en: performance.now() };
    });
  const antes = await leer();
  await pagina.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="lector-camara"]')?.dataset.cuadros ?? 0) >= n,
    antes.cuadros + CUADROS,
    { timeout: 120_000, polling: 50 },
  );
  const despues = await leer();
  const cuadros = despues.cuadros - antes.cuadros;
  const porSegundo = (cuadros * 1000) / (despues.en - antes.en);
  const decodificar = (despues.ms - antes.ms) / cuadros;

  console.log(
    `Cámara (worker): ${porSegundo.toFixed(1)} cuadros/s, escaneo→tarjeta mediana ${mediana(tiempos).toFixed(1)} ms (n=${tiempos.length})`,
  );
  console.log(
    `  ${LADO}x${LADO}, decodificación en el worker ${decodificar.toFixed(1)} ms por cuadro; escaneo→tarjeta mín ${Math.min(...tiempos).toFixed(1)} ms, máx ${Math.max(...tiempos).toFixed(1)} ms`,
  );
} finally {
  await navegador?.cerrar();
  await servidor?.cerrar();
  await rm(carpeta, { recursive: true, force: true });
}
