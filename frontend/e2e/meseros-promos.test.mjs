// Waiters and promotions against the real server: what a manager adds on /meseros and /promos is
// what the walk-in wizard offers — a new waiter in the Comanda step, a promotion in force today in
// the Abre step; a deactivated waiter and a promotion outside its weekdays are not offered. The
// promotions table shows three a page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CUENTAS, diaSucursal, enReposo, entrar, prepararSuite } from './navegador.mjs';
import { toastUnico } from './orden.mjs';

let servidor;
let pagina;

prepararSuite((s) => ({ servidor, pagina } = s));

/** The texts of a select's options. */
const opciones = (nombre) => pagina.locator(`select[name="${nombre}"] option`).allInnerTexts().then((t) => t.map((x) => x.trim()));

/** Walks the wizard to the Comanda step and answers the waiters it offers. */
async function meserosDelAsistente() {
  await pagina.goto(`${servidor.base}/walkin/registrar`);
  await pagina.getByLabel('Nombre', { exact: true }).fill('Familia Catálogo');
  await pagina.getByRole('button', { name: 'Siguiente' }).click();
  await pagina.locator('form[data-paso="comanda"]').waitFor();
  await enReposo(pagina);
  return opciones('mesero_id');
}

/** From the Comanda step (one guest), on to Abre, says Sí to promotions and answers those offered. */
async function promosDelAsistente() {
  // The table: the first the floor offers (the best free fit).
  await pagina.locator('select[name="mesa"]').selectOption({ index: 1 });
  await pagina.locator('select[name="mesero_id"]').selectOption({ index: 1 });
  const promo = (await pagina.getByRole('switch', { name: 'Buffet promoción' }).getAttribute('aria-checked')) === 'true';
  await pagina.locator('input[name="no_personas"]').fill('1');
  await pagina.locator(`input[name="${promo ? 'buffet_promo_adulto' : 'buffet_adulto'}"]`).fill('1');
  if (!promo) await pagina.locator('input[name="buffet_boy"]').fill('0');
  await pagina.getByRole('button', { name: 'Siguiente' }).click();
  await pagina.locator('[data-paso="abre"]').waitFor();
  await pagina.getByRole('radio', { name: 'Sí' }).click();
  await pagina.getByTestId('selector-promocion').waitFor();
  await enReposo(pagina);
  return opciones('promo');
}

/** Weekday number (1 = Monday … 7 = Sunday) of a "YYYY-MM-DD". */
const diaSemana = (dia) => ((new Date(`${dia}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Goes through the promotions table's pages until the row of `nombre` shows; answers it. */
async function filaPromo(nombre) {
  const fila = pagina.locator(`tr[data-promo="${nombre}"]`);
  for (let i = 0; i < 10; i++) {
    await enReposo(pagina);
    assert.ok((await pagina.locator('tr[data-promo]').count()) <= 3, 'three promotions a page');
    if ((await fila.count()) === 1) return fila;
    const siguiente = pagina.getByRole('button', { name: 'Página siguiente' });
    assert.equal(await siguiente.isDisabled(), false, `«${nombre}» is on some page`);
    await siguiente.click();
  }
  assert.fail(`«${nombre}» not found`);
}

test('a waiter a manager adds is offered in the walk-in wizard, and once deactivated no longer is', async () => {
  await entrar(pagina, servidor.base, CUENTAS.gerente);
  const nombre = `Rocío Prueba ${String(Date.now()).slice(-4)}`;
  assert.ok(!(await meserosDelAsistente()).includes(nombre));

  await pagina.goto(`${servidor.base}/meseros`);
  await pagina.getByRole('heading', { name: 'Meseros' }).waitFor();
  await pagina.locator('tr[data-mesero]').first().waitFor();
  await pagina.getByLabel('Nuevo mesero').fill(nombre);
  await pagina.getByLabel('Nuevo mesero').press('Enter');
  const fila = pagina.locator(`tr[data-mesero="${nombre}"]`);
  await fila.waitFor();
  assert.equal(await fila.getByText('Activo').count(), 1);
  assert.equal(await pagina.getByLabel('Nuevo mesero').inputValue(), '', 'the box is ready for the next one');
  assert.ok((await meserosDelAsistente()).includes(nombre), 'offered in the Comanda step');

  // The same name in other capitals and without its accent is the same waiter: refused on screen,
  // in Spanish, and the comanda never offers both.
  await pagina.goto(`${servidor.base}/meseros`);
  await pagina.locator(`tr[data-mesero="${nombre}"]`).waitFor();
  const otro = nombre.toUpperCase().replace('Í', 'I');
  await pagina.getByLabel('Nuevo mesero').fill(otro);
  await pagina.getByLabel('Nuevo mesero').press('Enter');
  await pagina.getByText('La sucursal ya tiene un mesero activo con ese nombre.').first().waitFor();
  assert.equal(await pagina.locator(`tr[data-mesero="${otro}"]`).count(), 0);
  assert.ok(!(await meserosDelAsistente()).includes(otro), 'not offered twice');

  // Renamed, then deactivated after confirming: the old name and then the waiter leave the wizard.
  await pagina.goto(`${servidor.base}/meseros`);
  await pagina.getByRole('button', { name: `Renombrar a ${nombre}` }).click();
  const dialogo = pagina.getByRole('dialog');
  const nuevo = `${nombre} R.`;
  await dialogo.getByLabel('Nombre', { exact: true }).fill(nuevo);
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await pagina.locator(`tr[data-mesero="${nuevo}"]`).waitFor();
  await pagina.getByRole('button', { name: `Desactivar a ${nuevo}` }).click();
  await pagina.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  assert.equal(await pagina.locator(`tr[data-mesero="${nuevo}"]`).getByText('Activo').count(), 1, 'cancelling changes nothing');
  await pagina.getByRole('button', { name: `Desactivar a ${nuevo}` }).click();
  await pagina.getByRole('dialog').getByRole('button', { name: 'Desactivar' }).click();
  await pagina.locator(`tr[data-mesero="${nuevo}"]`).getByText('Inactivo').waitFor();
  const ofrecidos = await meserosDelAsistente();
  assert.ok(!ofrecidos.includes(nuevo) && !ofrecidos.includes(nombre), 'a deactivated waiter is not offered');
});

test('a promotion a manager adds is offered in the Abre step today, asking the celebrants’ names when its switch says so; one limited to another weekday is not', async () => {
  await entrar(pagina, servidor.base, CUENTAS.gerente);
  const sufijo = String(Date.now()).slice(-4);
  const hoy = `Pozole del día ${sufijo}`;
  const otroDia = `Solo mañana ${sufijo}`;

  await pagina.goto(`${servidor.base}/promos`);
  await pagina.getByRole('heading', { name: 'Promociones' }).waitFor();
  await pagina.locator('tr[data-promo]').first().waitFor();
  assert.ok((await pagina.locator('tr[data-promo]').count()) <= 3);

  await pagina.getByRole('button', { name: 'Nueva promoción' }).click();
  let dialogo = pagina.getByRole('dialog');
  await dialogo.getByLabel('Nombre', { exact: true }).fill(hoy);
  await dialogo.getByLabel('Descripción').fill('Un plato de pozole por mesa');
  const previa = dialogo.locator('[data-campo="vigente-hoy"]');
  assert.equal(await previa.innerText(), 'Así, hoy se ofrece en las comandas.');
  await dialogo.getByRole('switch', { name: 'Pide nombres de festejados' }).click();
  await dialogo.getByRole('button', { name: 'Crear promoción' }).click();
  await dialogo.waitFor({ state: 'detached' });
  assert.equal(await (await filaPromo(hoy)).locator('[data-campo="estado"]').innerText(), 'Vigente hoy');

  await pagina.goto(`${servidor.base}/promos`);
  await pagina.getByRole('button', { name: 'Nueva promoción' }).click();
  dialogo = pagina.getByRole('dialog');
  await dialogo.getByLabel('Nombre', { exact: true }).fill(otroDia);
  const manana = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'][diaSemana(diaSucursal(1)) - 1];
  await dialogo.getByRole('checkbox', { name: manana }).click();
  assert.equal(await dialogo.locator('[data-campo="vigente-hoy"]').innerText(), 'Así, hoy no se ofrece en las comandas.', "core's rule in the browser, before saving");
  await dialogo.getByRole('switch', { name: 'Pide nombres de festejados' }).click();
  await dialogo.getByRole('button', { name: 'Crear promoción' }).click();
  await dialogo.waitFor({ state: 'detached' });
  const fila = await filaPromo(otroDia);
  assert.equal(await fila.locator('[data-campo="estado"]').innerText(), 'Fuera de vigencia');
  assert.match(await fila.innerText(), /pide nombres de festejados/);
  assert.match(await pagina.getByRole('navigation', { name: 'Paginación' }).innerText(), /Página \d+ de [2-9]/, 'more than three promotions: more than one page');

  await meserosDelAsistente();
  const ofrecidas = await promosDelAsistente();
  assert.ok(ofrecidas.includes(hoy), `«${hoy}» offered: ${ofrecidas.join(', ')}`);
  assert.ok(!ofrecidas.includes(otroDia), 'a promotion outside its weekdays is not offered');
  // Its «Pide nombres de festejados» drives the abre: the names are asked for it, not for another promotion.
  const festejados = pagina.getByLabel('Nombre de los festejados');
  await pagina.locator('select[name="promo"]').selectOption({ label: hoy });
  await festejados.waitFor();
  await pagina.getByRole('button', { name: 'Agregar', exact: true }).click();
  await toastUnico(pagina, 'Escribe el nombre de los festejados');
  await pagina.locator('select[name="promo"]').selectOption({ label: 'Niños comen gratis' });
  await festejados.waitFor({ state: 'detached' });

  // Deleting after confirming removes it from the table and from the wizard.
  await pagina.goto(`${servidor.base}/promos`);
  await (await filaPromo(hoy)).getByRole('button', { name: `Eliminar ${hoy}` }).click();
  await pagina.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await pagina.locator(`tr[data-promo="${hoy}"]`).waitFor({ state: 'detached' });
  await meserosDelAsistente();
  assert.ok(!(await promosDelAsistente()).includes(hoy), 'a deleted promotion is not offered');
});
