// Issue 12's console: Sistemas builds a brand, a branch with its week and tables, a role and a
// user with both; that user then signs in and sees exactly the menu the role allows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CUENTAS, PASSWORD, entrar, limpiar, llamarApi, prepararSuite, registrarWalkin } from './navegador.mjs';

let servidor;
let navegador;
let pagina;

prepararSuite((s) => ({ servidor, navegador, pagina } = s));

/** Clicks and waits for the call it makes to answer with success. */
async function guardarCon(boton, metodo, finRuta) {
  const [respuesta] = await Promise.all([
    pagina.waitForResponse((r) => r.request().method() === metodo && new URL(r.url()).pathname.endsWith(finRuta)),
    boton.click(),
  ]);
  const cuerpo = await respuesta.json();
  assert.equal(cuerpo.status, 'success', `${metodo} ${finRuta}: ${cuerpo.message}`);
  return cuerpo.data;
}

const seccion = (titulo) => pagina.getByRole('region', { name: titulo, exact: true });

test('Sistemas da de alta marca, sucursal, rol y usuario; el usuario ve sólo lo que su rol permite', async () => {
  await entrar(pagina, servidor.base, CUENTAS.sistemas);

  // The brand.
  await pagina.goto(`${servidor.base}/marcas`);
  await pagina.getByRole('button', { name: 'Nueva marca' }).click();
  await pagina.getByLabel('Nombre de la marca').fill('Buffet Prueba');
  const marca = await guardarCon(pagina.getByRole('button', { name: 'Crear marca' }), 'POST', '/v1/admin/marcas');
  await pagina.getByRole('link', { name: /Buffet Prueba/ }).click();
  await pagina.waitForURL(`**/marcas/${marca._id}`);
  await pagina.getByRole('heading', { name: 'Buffet Prueba', level: 1 }).waitFor();

  // The branch.
  await pagina.getByRole('button', { name: 'Nueva sucursal' }).click();
  await pagina.getByLabel('Clave (tag)').fill('prueba-centro');
  await pagina.getByLabel('Nombre').fill('Centro Prueba');
  await pagina.getByLabel('Zona horaria').selectOption('America/Monterrey');
  const sucursal = await guardarCon(pagina.getByRole('button', { name: 'Crear sucursal' }), 'POST', '/v1/admin/sucursal');
  await seccion('Datos de la sucursal').getByLabel('Nombre').and(pagina.locator('[value="Centro Prueba"]')).waitFor();

  // Its week: open Monday to Saturday 13:00–22:00, closed on Sunday.
  const horario = seccion('Horario');
  const guardarHorario = horario.getByRole('button', { name: 'Guardar' });
  assert.ok(await guardarHorario.isDisabled(), 'nothing to save before a change');
  for (const dia of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado']) {
    const cerrado = horario.getByLabel(`${dia}: cerrado`);
    if (await cerrado.isChecked()) await cerrado.uncheck();
    await horario.getByLabel(`${dia}: abre`).selectOption('13:00');
    await horario.getByLabel(`${dia}: cierra`).selectOption('22:00');
  }
  const domingo = horario.getByLabel('Domingo: cerrado');
  if (!(await domingo.isChecked())) await domingo.check();
  const conHorario = await guardarCon(guardarHorario, 'PUT', `/sucursal/${sucursal._id}/horario`);
  assert.deepEqual(
    conHorario.horario.filter((d) => !d.cerrado).map((d) => [d.dia, d.abre, d.cierra]),
    [1, 2, 3, 4, 5, 6].map((d) => [d, '13:00', '22:00']),
  );
  // Saved: the form restarts from the server's answer, with nothing left to save.
  await horario.getByRole('button', { name: 'Guardar', disabled: true }).waitFor();

  // Its tables: three, the last one not joinable.
  const mesas = seccion('Mesas');
  for (let i = 0; i < 3; i++) await mesas.getByRole('button', { name: 'Agregar mesa' }).click();
  await mesas.getByLabel('Mesa 3: asientos').fill('6');
  await mesas.getByLabel('Mesa 3: se puede juntar').uncheck();
  const conMesas = await guardarCon(mesas.getByRole('button', { name: 'Guardar' }), 'PUT', `/sucursal/${sucursal._id}/mesas`);
  assert.deepEqual(
    conMesas.mesas.map((m) => [m.numero, m.asientos, m.combinable]).sort((a, b) => a[0] - b[0]),
    [[1, 4, true], [2, 4, true], [3, 6, false]],
  );
  await mesas.getByText('3 mesas · 14 asientos').waitFor();

  // The role: reservations and brands, nothing else.
  await pagina.goto(`${servidor.base}/roles`);
  await pagina.getByRole('button', { name: 'Nuevo rol' }).click();
  await pagina.getByLabel('Nombre del rol').fill('Capitán de prueba');
  for (const permiso of ['reservacion.index', 'marcas.index']) await pagina.locator(`[data-permiso="${permiso}"]`).click();
  const rol = await guardarCon(pagina.getByRole('button', { name: 'Crear rol' }), 'POST', '/v1/admin/roles');
  assert.deepEqual(rol.permissions.map((p) => p.name).sort(), ['marcas.index', 'reservacion.index']);
  await pagina.getByRole('cell', { name: 'Capitán de prueba', exact: true }).waitFor();

  // The user, in that role and branch.
  await pagina.goto(`${servidor.base}/users`);
  await pagina.getByRole('button', { name: 'Nuevo usuario' }).click();
  const dialogo = pagina.getByRole('dialog', { name: 'Nuevo usuario' });
  await dialogo.getByLabel('Nombre').fill('Capitana Prueba');
  await dialogo.getByLabel('Correo').fill('capitana@prueba.mx');
  await dialogo.getByLabel('Rol').selectOption({ label: 'Capitán de prueba' });
  await dialogo.getByRole('checkbox', { name: /Centro Prueba/ }).click();
  await dialogo.getByLabel('Contraseña inicial').fill(PASSWORD);
  const usuario = await guardarCon(dialogo.getByRole('button', { name: 'Crear usuario' }), 'POST', '/v1/admin/users');
  assert.deepEqual(usuario.tags, ['prueba-centro']);
  assert.equal(usuario.role._id, rol._id);
  await dialogo.waitFor({ state: 'detached' });
  await pagina.getByRole('searchbox', { name: 'Buscar usuarios' }).fill('capitana');
  await pagina.getByRole('cell', { name: 'Capitana Prueba', exact: true }).waitFor();

  // The new user sees Reservaciones and Marcas, and no button Sistemas has.
  await limpiar(navegador.contexto, pagina, servidor.base);
  const { user } = await entrar(pagina, servidor.base, 'capitana@prueba.mx');
  assert.deepEqual(user.role.permissions.map((p) => p.name).sort(), ['marcas.index', 'reservacion.index']);
  const menu = pagina.getByTestId('panel-menu').getByRole('navigation', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Reservaciones' }).waitFor();
  assert.deepEqual((await menu.getByRole('link').allInnerTexts()).map((t) => t.trim()), ['Reservaciones', 'Marcas']);
  await menu.getByRole('link', { name: 'Marcas' }).click();
  await pagina.getByRole('link', { name: /Buffet Prueba/ }).waitFor();
  assert.equal(await pagina.getByRole('button', { name: 'Nueva marca' }).count(), 0);
  await pagina.goto(`${servidor.base}/users`);
  await pagina.locator('#contenido').getByRole('heading', { name: 'No tienes permiso para ver esta pantalla', level: 1 }).waitFor();
});

test("a branch's late cutoff, changed in conf-walkin, sets the walk-in wizard's buffet mode", async () => {
  const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
  const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
  const { body } = await llamarApi(servidor, '/v1/admin/conf-walkin', { token, query: { tag } });
  const guardar = async (cambios) => {
    const r = await llamarApi(servidor, '/v1/admin/conf-walkin', { token, method: 'PUT', query: { tag }, body: { ...body.data, ...cambios } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  };
  // The mode the wizard's Comanda step starts in: Caballero/Dama/Niño is the promo buffet.
  const modo = async () => {
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await pagina.locator('input[name="name"]').fill('Prueba de corte');
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('input[name="no_personas"]').waitFor();
    return (await pagina.locator('input[name="buffet_promo_girl"]').count()) > 0 ? 'Promo' : 'Regular';
  };
  // Regular from midnight until the last two minutes of the day…
  const ahora = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Mexico_City', hour: '2-digit', minute: '2-digit' }).format(servidor.reloj());
  if (ahora >= '23:57' || ahora < '00:02') return; // the moments of the day this check cannot be made
  await guardar({ inicio_regular: '00:00', inicio_promo: '23:59', corte_tarde: '23:58' });
  assert.equal(await modo(), 'Regular');
  // …and promo from a cutoff a minute after the regular start: the same branch, the next visit to
  // the wizard (the cutoff goes after the regular start and by the promo start, core's rule).
  await guardar({ inicio_regular: '00:00', inicio_promo: '23:59', corte_tarde: '00:01' });
  assert.equal(await modo(), 'Promo');
});

test("'Pie del ticket' saved in /conf-walkin closes both tickets of a walk-in registered after a reload", async () => {
  const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
  const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
  await pagina.goto(`${servidor.base}/conf-walkin`);
  const pie = '¡Vuelve pronto, te esperamos!';
  await pagina.getByLabel('Pie del ticket').fill(pie);
  // The day as the hours make it, drawn under them.
  await pagina.getByTestId('linea-del-dia').locator('[data-tramo]').first().waitFor();
  await guardarCon(pagina.getByRole('button', { name: 'Guardar' }), 'PUT', '/v1/admin/conf-walkin');
  await pagina.reload();
  assert.equal(await pagina.getByLabel('Pie del ticket').inputValue(), pie);

  // A late cutoff after the promo start is refused on screen before any save, with core's words.
  await pagina.getByLabel('Inicio regular').selectOption('13:00');
  await pagina.getByLabel('Inicio promoción').selectOption('19:00');
  await pagina.getByLabel('Corte de la tarde').selectOption('19:30');
  await pagina.getByTestId('linea-del-dia-error').filter({ hasText: 'El corte de la tarde va después del inicio regular' }).waitFor();

  const walkin = await registrarWalkin(servidor, token, tag, { name: 'Familia Pie', evento: 'Ninguno' });
  await pagina.goto(`${servidor.base}/walkin/hoy/${walkin._id}`);
  const detalle = pagina.getByTestId('detalle-walkin');
  for (const tipo of ['comanda', 'abre']) {
    // Blank while the branch's settings load, then the saved line (never the default meanwhile).
    const linea = detalle.locator(`[data-ticket="${tipo}"] [data-campo="pie"]`);
    await linea.and(pagina.locator('[aria-busy="false"]')).waitFor();
    assert.equal(await linea.innerText(), pie);
  }
});
