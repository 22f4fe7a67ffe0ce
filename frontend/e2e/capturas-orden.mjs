// Screenshots of the walk-in wizard, the walk-in lists and the attendance dialog, every step, at
// 1280 and 800 px, for a person to look at: `node e2e/capturas-orden.mjs [DIR]` (default
// ../.tmp/shots-orden). Uses the same server helper as the tests, or ANFITRION_E2E_BASE.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { abrirNavegador, CUENTAS, entrar, limpiar, llamarApi } from './navegador.mjs';
import { FRONTEND, iniciarServidor } from './servidor.mjs';

const dir = resolve(process.argv[2] ?? join(FRONTEND, '..', '.tmp', 'shots-orden'));
await mkdir(dir, { recursive: true });
const servidor = process.env.ANFITRION_E2E_BASE
  ? { base: process.env.ANFITRION_E2E_BASE, api: process.env.ANFITRION_E2E_BASE, cerrar: async () => {} }
  : await iniciarServidor();
const navegador = await abrirNavegador();
const foto = async (pagina, nombre) => {
  await pagina.waitForTimeout(250);
  await pagina.screenshot({ path: join(dir, `${nombre}.png`), fullPage: true });
};
try {
  const pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
  for (const ancho of [1280, 800]) {
    await pagina.setViewportSize({ width: ancho, height: 900 });
    await limpiar(navegador.contexto, pagina, servidor.base);
    await entrar(pagina, servidor.base, CUENTAS.hostess);
    // The walk-in wizard, step by step.
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await pagina.getByLabel('Nombre').waitFor();
    await foto(pagina, `walkin-0-${ancho}`);
    await pagina.getByLabel('Nombre').fill('Familia Captura');
    await pagina.getByLabel('Correo electrónico').fill('captura@correo.mx');
    await pagina.getByRole('button', { name: /^País/ }).click();
    await foto(pagina, `walkin-0-paises-${ancho}`);
    await pagina.keyboard.press('Escape');
    await pagina.locator('input[type="tel"]').fill('5512345678');
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="comanda"]').waitFor();
    await pagina.locator('input[name="no_personas"]').fill('0');
    await foto(pagina, `walkin-1-${ancho}`);
    await pagina.locator('input[name="no_personas"]').fill('3');
    await pagina.locator('select[name="mesa"]').selectOption({ index: 1 });
    await pagina.locator('select[name="mesero_id"]').selectOption({ index: 1 });
    await pagina.locator('input[name="buffet_adulto"], input[name="buffet_promo_adulto"]').first().fill('2');
    await pagina.locator('input[name="buffet_boy"], input[name="buffet_promo_girl"]').first().fill('1');
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="abre"]').waitFor();
    await pagina.getByRole('radio', { name: 'Sí' }).click();
    await pagina.locator('select[name="promo"]').selectOption({ label: 'Cumpleaños' });
    await pagina.locator('input[name="field"]').fill('Ana');
    await foto(pagina, `walkin-2-${ancho}`);
    await pagina.getByRole('button', { name: 'Agregar', exact: true }).click();
    await pagina.locator('select[name="promo"]').selectOption({ index: 1 });
    await pagina.getByRole('button', { name: 'Agregar', exact: true }).click();
    await foto(pagina, `walkin-2-tabla-${ancho}`);
    await pagina.getByRole('button', { name: 'Registrar', exact: true }).click();
    await pagina.locator('[data-paso="imprimir"]').waitFor();
    await foto(pagina, `walkin-3-${ancho}`);
    await pagina.getByRole('link', { name: 'Ver en Hoy' }).click();
    await pagina.getByTestId('detalle-walkin').waitFor();
    await foto(pagina, `walkin-hoy-${ancho}`);
    await pagina.goto(`${servidor.base}/walkin/todas`);
    await pagina.locator('a[data-walkin]').first().waitFor();
    await foto(pagina, `walkin-todas-${ancho}`);
    await pagina.getByLabel('Buscar walk-in').fill('zzzz');
    await pagina.getByText('No hay registros').waitFor();
    await foto(pagina, `walkin-vacio-${ancho}`);

    // The attendance dialog.
    await limpiar(navegador.contexto, pagina, servidor.base);
    const gerente = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const { body } = await llamarApi(servidor, '/v1/admin/reservacion', { token: gerente.token, query: { tag, status: 'pendientes', limit: '50' } });
    const conCorreo = body.data.items.find((r) => r.email);
    await pagina.goto(`${servidor.base}/reservaciones/hoy`);
    await pagina.getByRole('button', { name: 'Asistencia' }).click();
    await pagina.getByRole('dialog').waitFor();
    await foto(pagina, `asistencia-0-${ancho}`);
    await pagina.getByRole('button', { name: /Lector QR/ }).click();
    await foto(pagina, `asistencia-0-lector-${ancho}`);
    await pagina.getByRole('button', { name: 'Regresar' }).click();
    await pagina.getByRole('button', { name: /Por correo/ }).click();
    await pagina.getByLabel('Correo electrónico').fill(conCorreo.email);
    await pagina.getByRole('button', { name: 'Buscar cliente' }).click();
    await pagina.getByTestId('tarjeta-reservacion').waitFor();
    await foto(pagina, `asistencia-0-encontrada-${ancho}`);
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="comanda"]').waitFor();
    await foto(pagina, `asistencia-1-${ancho}`);
    await pagina.locator('select[name="mesa"]').selectOption({ index: 2 });
    await pagina.locator('select[name="mesero_id"]').selectOption({ index: 1 });
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="abre"]').waitFor();
    await foto(pagina, `asistencia-2-${ancho}`);
    await pagina.getByRole('button', { name: 'Registrar Asistencia' }).click();
    await pagina.locator('[data-paso="imprimir"]').waitFor();
    await foto(pagina, `asistencia-3-${ancho}`);
    const otra = (await llamarApi(servidor, '/v1/admin/reservacion', { token: gerente.token, query: { tag: gerente.user.tags.find((t) => t !== tag), status: 'pendientes', limit: '1' } })).body.data.items[0];
    await pagina.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await pagina.getByRole('button', { name: 'Asistencia' }).click();
    await pagina.getByRole('button', { name: /Lector QR/ }).click();
    await pagina.getByLabel('Código de la reservación').fill(otra._id);
    await pagina.getByLabel('Código de la reservación').press('Enter');
    await pagina.getByTestId('tarjeta-reservacion').waitFor();
    await foto(pagina, `asistencia-0-otra-${ancho}`);
  }
} finally {
  await navegador.cerrar();
  await servidor.cerrar();
}
console.log(`capturas en ${dir}`);
