// The floor against the real server: a walk-in seated from a free table of /salon, the table
// turning seated on a second console without a reload and free again after "Liberar mesa", the
// comanda step offering only the free tables that seat the party, and the screens at the widths
// a host stand uses (1280 and 800 px, the tablet's 1024×768).
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { CUENTAS, entrar, horaConsola, llamarApi, plano, prepararSuite } from './navegador.mjs';
import { FECHA_PRUEBA } from './servidor.mjs';
import { toastUnico } from './orden.mjs';

let servidor;
let pagina;

// Lunch under way: the demo's floor is partly seated.
prepararSuite((s) => ({ servidor, pagina } = s), { ahora: `${FECHA_PRUEBA} 15:00` });

const CAPTURAS = new URL('../../target/capturas-salon/', import.meta.url);
async function foto(p, nombre) {
  await mkdir(CAPTURAS, { recursive: true });
  await p.screenshot({ path: new URL(`${nombre}.png`, CAPTURAS).pathname, fullPage: true });
}

const mesaEn = (p, numero) => p.locator(`button[data-mesa="${numero}"]`);

describe('the floor', () => {
  test('a walk-in seated from a free table turns it seated on a second console, and freeing it turns it free', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const otra = await pagina.context().newPage();
    try {
      await otra.goto(`${servidor.base}/salon`);
      await mesaEn(otra, 4).waitFor();
      assert.equal(await mesaEn(otra, 4).getAttribute('data-estado'), 'libre');

      // Table 4 on the floor: seat a walk-in here, the wizard opens with it chosen.
      await pagina.goto(`${servidor.base}/salon`);
      await pagina.getByTestId('resumen-salon').waitFor();
      await mesaEn(pagina, 4).click();
      await pagina.getByRole('link', { name: 'Sentar walk-in aquí' }).click();
      await pagina.waitForURL((u) => u.pathname === '/walkin/registrar' && u.searchParams.get('mesa') === '4');
      await pagina.getByLabel('Nombre').fill('Familia del Salón');
      await pagina.getByRole('button', { name: 'Siguiente' }).click();
      await pagina.locator('form[data-paso="comanda"]').waitFor();
      await pagina.locator('input[name="no_personas"]').fill('2');
      assert.equal(await pagina.locator('select[name="mesa"]').inputValue(), '4', 'the table chosen on the floor');
      await pagina.locator('select[name="mesero_id"]').selectOption({ index: 1 });
      const promo = (await pagina.getByRole('switch', { name: 'Buffet promoción' }).getAttribute('aria-checked')) === 'true';
      await pagina.locator(`input[name="${promo ? 'buffet_promo_adulto' : 'buffet_adulto'}"]`).fill('2');
      await pagina.getByRole('button', { name: 'Siguiente' }).click();
      await pagina.locator('form[data-paso="abre"]').waitFor();
      const guardado = pagina.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/admin/walkin' && r.request().method() === 'POST');
      await pagina.getByRole('button', { name: 'Registrar', exact: true }).click();
      assert.equal((await guardado).status(), 201);
      const desde = Date.now();
      await toastUnico(pagina, 'Datos guardados correctamente', 'exito');

      // The other console hears of it through the live stream, without a reload.
      await otra.locator('button[data-mesa="4"][data-estado="ocupada"]').waitFor({ timeout: 5000 });
      console.log(`# la mesa se vio ocupada en la otra consola a los ${Date.now() - desde} ms`);
      assert.match(await mesaEn(otra, 4).innerText(), /Familia del Salón/);

      // Free it from the first console: the second sees it free.
      await pagina.goto(`${servidor.base}/salon`);
      await mesaEn(pagina, 4).click();
      await pagina.getByRole('button', { name: 'Liberar mesa' }).click();
      const dialogo = pagina.getByRole('dialog', { name: '¿Liberar la mesa 4?' });
      await dialogo.getByRole('button', { name: 'Liberar mesa' }).click();
      await toastUnico(pagina, 'Mesa liberada', 'exito');
      await otra.locator('button[data-mesa="4"][data-estado="libre"]').waitFor({ timeout: 5000 });
      const piso = (await llamarApi(servidor, '/v1/admin/salon', { token, query: { tag } })).body.data;
      assert.equal(piso.mesas.find((m) => m.numero === 4).estado, 'libre');
    } finally {
      await otra.close();
    }
  });

  test('the comanda step offers, for a party of 6, only the free tables and joins that seat six', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await pagina.getByLabel('Nombre').fill('Grupo de Seis');
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="comanda"]').waitFor();
    await pagina.locator('input[name="no_personas"]').fill('6');
    const grupo = pagina.locator('select[name="mesa"] optgroup[label="Libres para 6 personas"] option');
    await grupo.first().waitFor({ state: 'attached' });
    const ofrecidas = await grupo.evaluateAll((os) => os.map((o) => o.value));
    const piso = (await llamarApi(servidor, '/v1/admin/salon', { token, query: { tag } })).body.data;
    const mesa = (n) => piso.mesas.find((m) => m.numero === Number(n));
    assert.ok(ofrecidas.length > 0);
    for (const o of ofrecidas) {
      const numeros = o.split('+');
      assert.ok(numeros.every((n) => mesa(n).estado === 'libre'), `${o} is free`);
      assert.ok(numeros.reduce((s, n) => s + mesa(n).asientos, 0) >= 6, `${o} seats six`);
    }
    // The tables nobody is due at first, best fit first: none of them seats fewer empty chairs
    // than the first; the ones held for a reservation after them.
    const asientos = (o) => o.split('+').reduce((s, n) => s + mesa(n).asientos, 0);
    const libres = ofrecidas.filter((o) => o.split('+').every((n) => !mesa(n).proxima));
    assert.deepEqual(ofrecidas.slice(0, libres.length), libres);
    assert.ok(libres.every((o) => asientos(o) >= asientos(libres[0])));
    // Every free table that seats six alone is offered.
    for (const m of piso.mesas.filter((x) => x.estado === 'libre' && x.asientos >= 6)) assert.ok(ofrecidas.includes(String(m.numero)), `mesa ${m.numero}`);
    // A seated table is listed apart and cannot be picked.
    const ocupada = piso.mesas.find((m) => m.estado !== 'libre');
    assert.equal(await pagina.locator(`select[name="mesa"] option[value="${ocupada.numero}"]`).isDisabled(), true);
  });

  test('the table picker offers first what stays free longest, and asks before a table held for a reservation', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const piso = (await llamarApi(servidor, '/v1/admin/salon', { token, query: { tag } })).body.data;
    const prometida = piso.mesas.find((m) => m.estado === 'libre' && m.proxima);
    assert.ok(prometida, 'at lunch the floor holds a free table for an arrival');
    // The console writes a time 'hh:mm a', with es-MX's no-break space before "p.m.".
    const hora = horaConsola(prometida.proxima.hora);
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await pagina.getByLabel('Nombre').fill('Grupo Sin Reserva');
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="comanda"]').waitFor();
    await pagina.locator('input[name="no_personas"]').fill(String(prometida.asientos));
    const grupo = pagina.locator(`select[name="mesa"] optgroup[label^="Libres para"] option`);
    await grupo.first().waitFor({ state: 'attached' });
    const ofrecidas = await grupo.evaluateAll((os) => os.map((o) => ({ valor: o.value, texto: o.textContent ?? '' })));
    const suya = ofrecidas.find((o) => o.valor === String(prometida.numero));
    assert.ok(suya, `table ${prometida.numero} is offered: ${JSON.stringify(ofrecidas)}`);
    assert.ok(plano(suya.texto).includes(`Reservada ${hora}`), suya.texto);
    // Every table nobody is due at comes before every held one.
    const primeraReservada = ofrecidas.findIndex((o) => o.texto.includes('Reservada'));
    assert.ok(ofrecidas.slice(primeraReservada).every((o) => o.texto.includes('Reservada')), JSON.stringify(ofrecidas));
    assert.ok(!ofrecidas[0].texto.includes('Reservada') || primeraReservada === 0);
    await pagina.locator('select[name="mesa"]').selectOption(String(prometida.numero));
    await pagina.locator('select[name="mesero_id"]').selectOption({ index: 1 });
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    const dialogo = pagina.getByRole('dialog');
    await dialogo.getByText(new RegExp(`La mesa ${prometida.numero} está reservada a las ${hora.replace(/ /g, '\\s').replace(/\./g, '\\.')}`)).waitFor();
    await dialogo.getByRole('button', { name: 'Sentar de todos modos' }).click();
    await pagina.locator('[data-paso="abre"]').waitFor();
  });

  test('the floor reads at 1280 and 800 px and on the host stand at 1024×768', async () => {
    await entrar(pagina, servidor.base, CUENTAS.hostess);
    for (const ancho of [1280, 800]) {
      await pagina.setViewportSize({ width: ancho, height: 900 });
      await pagina.goto(`${servidor.base}/salon`);
      await pagina.getByTestId('resumen-salon').waitFor();
      await mesaEn(pagina, 30).waitFor();
      await foto(pagina, `salon-${ancho}`);
    }
    await pagina.setViewportSize({ width: 1024, height: 768 });
    await pagina.goto(`${servidor.base}/hostes`);
    await pagina.getByTestId('resumen-salon').waitFor();
    // Today's hours above the check-in: a Wednesday at 13:00, the demo's 13:00–22:30.
    const horario = pagina.getByTestId('horario-hoy');
    await horario.getByText('Abierta ahora').waitFor();
    assert.match(plano(await horario.textContent()), /Hoy de 01:00 p\.m\. a 10:30 p\.m\.\s*Abierta ahora/);
    await foto(pagina, 'hostes-1024');
    // The tables are large enough to tap on the tablet.
    const caja = await mesaEn(pagina, 1).boundingBox();
    assert.ok(caja && caja.width >= 44 && caja.height >= 44, 'a 44 px target at least');
  });

  test('the plan editor places a table by dragging it, and the floor draws it there after saving', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.sistemas);
    const polanco = (await llamarApi(servidor, '/v1/admin/sucursal', { token, query: { tag: 'polanco' } })).body.data.find((s) => s.tag === 'polanco');
    await pagina.goto(`${servidor.base}/marcas/${polanco.marca._id}?sucursal=${polanco._id}`);
    const plano = pagina.getByTestId('plano-mesas');
    await plano.waitFor();
    const mesa = plano.locator('[data-plano-mesa="1"]');
    await plano.scrollIntoViewIfNeeded();
    const caja = await plano.boundingBox();
    const desde = await mesa.boundingBox();
    // Drag table 1 to the middle of the plan.
    await pagina.mouse.move(desde.x + desde.width / 2, desde.y + desde.height / 2);
    await pagina.mouse.down();
    await pagina.mouse.move(caja.x + caja.width * 0.5, caja.y + caja.height * 0.5, { steps: 8 });
    await pagina.mouse.up();
    const seccionMesas = pagina.getByRole('region', { name: 'Mesas', exact: true });
    const [respuesta] = await Promise.all([
      pagina.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.endsWith(`/sucursal/${polanco._id}/mesas`)),
      seccionMesas.getByRole('button', { name: 'Guardar' }).click(),
    ]);
    const cuerpo = await respuesta.json();
    assert.equal(cuerpo.status, 'success', cuerpo.message);
    const guardada = cuerpo.data.mesas.find((m) => m.numero === 1);
    assert.ok(Math.abs(guardada.x - 50) <= 2 && Math.abs(guardada.y - 50) <= 2, `saved at ${guardada.x}, ${guardada.y}`);
    // The other tables kept their places.
    const antes = polanco.mesas.find((m) => m.numero === 2);
    assert.deepEqual([cuerpo.data.mesas.find((m) => m.numero === 2).x, cuerpo.data.mesas.find((m) => m.numero === 2).y], [antes.x, antes.y]);
    // After a reload the plan still shows it there.
    await pagina.reload();
    await plano.waitFor();
    assert.equal(await plano.locator('[data-plano-mesa="1"]').getAttribute('aria-label'), `Mesa 1 en el plano: ${guardada.x}% a lo ancho, ${guardada.y}% a lo alto`);
  });
});
