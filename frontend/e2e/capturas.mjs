// Screenshots of the login page, the layout, the reservations, the bell and the drawer at 1280
// and 800 px, for a person to look at: `node e2e/capturas.mjs [DIR]` (default ../.tmp/shots).
// Uses the same server helper as the tests, or ANFITRION_E2E_BASE when something already serves
// the console.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { abrirNavegador, CUENTAS, entrar, limpiar } from './navegador.mjs';
import { FRONTEND, iniciarServidor } from './servidor.mjs';

const dir = resolve(process.argv[2] ?? join(FRONTEND, '..', '.tmp', 'shots'));
await mkdir(dir, { recursive: true });
const servidor = process.env.ANFITRION_E2E_BASE
  ? { base: process.env.ANFITRION_E2E_BASE, cerrar: async () => {} }
  : await iniciarServidor();
const navegador = await abrirNavegador();
try {
  const pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
  for (const ancho of [1280, 800, 390]) {
    await pagina.setViewportSize({ width: ancho, height: ancho === 390 ? 844 : 860 });
    await limpiar(navegador.contexto, pagina, servidor.base);
    await pagina.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await pagina.screenshot({ path: join(dir, `login-${ancho}.png`) });
    await pagina.getByRole('button', { name: 'Iniciar sesión' }).click();
    await pagina.getByRole('alert').waitFor();
    await pagina.screenshot({ path: join(dir, `login-vacio-${ancho}.png`) });
    await pagina.reload();
    await pagina.getByLabel('Correo electrónico').fill('ana@demo');
    await pagina.getByLabel('Contraseña', { exact: true }).fill('demo1234');
    await pagina.getByRole('button', { name: 'Iniciar sesión' }).click();
    await pagina.getByRole('alert').waitFor();
    await pagina.screenshot({ path: join(dir, `login-toast-${ancho}.png`) });
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    await pagina.waitForTimeout(400);
    await pagina.screenshot({ path: join(dir, `layout-${ancho}.png`) });
    // Today's reservations with one open, and the bell.
    await pagina.locator('a[data-reservacion]').first().click();
    await pagina.getByTestId('detalle-reservacion').waitFor();
    await pagina.waitForTimeout(300);
    await pagina.screenshot({ path: join(dir, `reservacion-${ancho}.png`) });
    await pagina.getByRole('button', { name: /^Notificaciones/ }).click();
    await pagina.locator('[data-notificacion]').first().waitFor();
    await pagina.waitForTimeout(300);
    await pagina.screenshot({ path: join(dir, `notificaciones-${ancho}.png`) });
    await pagina.keyboard.press('Escape');
    if (ancho < 1200) {
      await pagina.getByRole('button', { name: 'Abrir menú' }).click();
      await pagina.getByRole('dialog').waitFor();
      await pagina.waitForTimeout(400);
      await pagina.screenshot({ path: join(dir, `drawer-${ancho}.png`) });
      await pagina.keyboard.press('Escape');
    } else {
      await pagina.getByRole('button', { name: 'Sucursal actual' }).click();
      await pagina.waitForTimeout(300);
      await pagina.screenshot({ path: join(dir, `sucursal-${ancho}.png`) });
      await pagina.keyboard.press('Escape');
      await pagina.getByRole('button', { name: 'Cuenta de usuario' }).click();
      await pagina.waitForTimeout(300);
      await pagina.screenshot({ path: join(dir, `menu-usuario-${ancho}.png`) });
      await pagina.keyboard.press('Escape');
      await pagina.goto(`${servidor.base}/logs/walk-in`);
      await pagina.waitForTimeout(300);
      await pagina.screenshot({ path: join(dir, `bitacoras-${ancho}.png`) });
    }
  }
  await pagina.setViewportSize({ width: 1280, height: 860 });
  await limpiar(navegador.contexto, pagina, servidor.base);
  await entrar(pagina, servidor.base, CUENTAS.sistemas);
  await pagina.waitForTimeout(300);
  await pagina.screenshot({ path: join(dir, 'sistemas-1280.png') });
  await pagina.goto(`${servidor.base}/hostes`);
  await pagina.waitForTimeout(300);
  await pagina.screenshot({ path: join(dir, 'hostes-1280.png') });
  // The route guard's page, as a Hostess typing an administrator's address sees it.
  await limpiar(navegador.contexto, pagina, servidor.base);
  await entrar(pagina, servidor.base, CUENTAS.hostess);
  for (const ancho of [1280, 800]) {
    await pagina.setViewportSize({ width: ancho, height: 860 });
    await pagina.goto(`${servidor.base}/users`);
    await pagina.getByRole('heading', { name: 'No tienes permiso para ver esta pantalla' }).waitFor();
    await pagina.waitForTimeout(300);
    await pagina.screenshot({ path: join(dir, `sin-permiso-${ancho}.png`) });
  }
  console.log(`capturas en ${dir}`);
} finally {
  await navegador.cerrar();
  await servidor.cerrar();
}
