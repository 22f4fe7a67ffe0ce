// The walk-in screens against the real server: the four-step wizard driven by the keyboard alone
// through every rule of its steps (each broken one shown once, as a toast), its two tickets printed
// to an 80 mm PDF by Chromium, the phone input, a save the server refuses, and the Hoy and Todas
// lists with their search and detail.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CUENTAS, entrar, llamarApi, prepararSuite, registrarWalkin } from './navegador.mjs';
import { elegirConFlechas, esperarFoco, esTicket80mm, imprimirPdf, impreso, reemplazar, tabHasta, toastUnico } from './orden.mjs';

let servidor;
let pagina;

// A Tuesday at lunch: the demo's weekday promotions ("2x1 en martes", "Niños comen gratis")
// both hold, so the abre step has four to add.
prepararSuite((s) => ({ servidor, pagina } = s), { ahora: '2026-11-24 13:00' });

const esGuardar = (r) => new URL(r.url()).pathname === '/api/v1/admin/walkin' && r.request().method() === 'POST';
const mensajeEn = (nombre) => pagina.locator(`[data-mensaje="${nombre}"]`);

describe('the walk-in wizard', () => {
  test('registers a walk-in with the keyboard alone, every rule of the wizard met on the way, and prints both tickets at 80 mm', async () => {
    await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tecla = (k) => pagina.keyboard.press(k);
    const teclear = (t) => pagina.keyboard.type(t);
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await pagina.getByRole('heading', { name: 'Registrar walk-in' }).waitFor();

    // Información Personal: focus on the name; Siguiente disabled while it is empty.
    await esperarFoco(pagina, { name: 'name' });
    const siguiente = pagina.getByRole('button', { name: 'Siguiente' });
    assert.equal(await siguiente.isDisabled(), true);
    await tecla('Enter');
    assert.equal(await pagina.locator('form[data-paso="personal"]').count(), 1, 'Enter does not advance without a name');
    await teclear('Familia Teclado');
    assert.equal(await siguiente.isDisabled(), false);
    await tabHasta(pagina, { name: 'email' });
    await teclear('familia@correo');
    await tecla('Enter');
    await toastUnico(pagina, 'Correo electrónico no válido');
    await esperarFoco(pagina, { name: 'email' });
    await reemplazar(pagina, 'familia.teclado@correo.mx');
    await tabHasta(pagina, { name: 'phone' });
    assert.equal(await pagina.locator('[data-campo="codigo-pais"]').innerText(), '+52', 'Mexico by default');
    await teclear('551234');
    await tecla('Enter');
    await toastUnico(pagina, 'Número de teléfono no válido');
    await esperarFoco(pagina, { name: 'phone' });
    await tecla('End');
    await teclear('5678');
    await tabHasta(pagina, { name: 'evento' });
    await elegirConFlechas(pagina, 'Aniversario');
    assert.equal(await pagina.locator('select[name="evento"]').inputValue(), 'Aniversario');
    await tecla('Enter');

    // Comanda: focus on the party; each rule refused once, with its inline message.
    await esperarFoco(pagina, { name: 'no_personas' });
    await reemplazar(pagina, '0');
    assert.equal(await mensajeEn('no_personas').innerText(), 'El número de personas no puede ser 0');
    // The table is picked from the floor's free tables, with the arrows.
    await tabHasta(pagina, { name: 'mesa' });
    // A free four-top nobody is due at (a held one would ask first), for the party of four;
    // the floor's tables arrive with their query, which a busy machine may still be answering.
    await pagina.locator('select[name="mesa"] optgroup[label^="Libres para"] option').first().waitFor({ state: 'attached' });
    const libre = await pagina
      .locator('select[name="mesa"] optgroup[label^="Libres para"] option')
      .evaluateAll((os) => os.map((o) => (o.textContent ?? '').trim()).find((t) => /^Mesa \d+ · 4 lugares/.test(t) && !t.includes('Reservada')));
    assert.ok(libre, 'a free four-top nobody is due at');
    await elegirConFlechas(pagina, libre);
    await tabHasta(pagina, { name: 'mesero_id' });
    await elegirConFlechas(pagina, 'Carlos Ramírez');
    const mesero = 'Carlos Ramírez';
    const interruptor = pagina.getByRole('switch', { name: 'Buffet promoción' });
    if ((await interruptor.getAttribute('aria-checked')) === 'true') {
      await tabHasta(pagina, { role: 'switch' });
      await tecla('Space');
    }
    await tabHasta(pagina, { name: 'buffet_adulto' });
    await tecla('Enter');
    await toastUnico(pagina, 'El número de personas no puede ser 0');
    await esperarFoco(pagina, { name: 'no_personas' });
    await reemplazar(pagina, '4');
    assert.equal(await mensajeEn('no_personas').count(), 0, 'fixed: the inline message is gone');
    // The buffet counts nobody touched follow the party: four adults (four Caballeros in promo).
    assert.equal(await pagina.locator('input[name="buffet_adulto"]').inputValue(), '4');
    await tabHasta(pagina, { name: 'buffet_adulto' });
    await reemplazar(pagina, '3');
    await tecla('Enter');
    await toastUnico(pagina, 'El número de personas no coincide con el número de Buffets');
    await tabHasta(pagina, { name: 'buffet_adulto' });
    await reemplazar(pagina, '0');
    assert.equal(await mensajeEn('buffet_adulto').innerText(), 'El número de buffet no puede ser 0');
    await tecla('Enter');
    await toastUnico(pagina, 'El número de Buffets Adulto no puede ser 0');
    await esperarFoco(pagina, { name: 'buffet_adulto' });
    await reemplazar(pagina, '3');
    await tabHasta(pagina, { name: 'buffet_boy' });
    await reemplazar(pagina, '1');
    // Promo mode: Caballero, Dama, Niño.
    await tabHasta(pagina, { role: 'switch' }, { atras: true });
    await tecla('Space');
    assert.equal(await interruptor.getAttribute('aria-checked'), 'true');
    await tabHasta(pagina, { name: 'buffet_promo_adulto' });
    await reemplazar(pagina, '0');
    assert.equal(await mensajeEn('buffet_promo_adulto').innerText(), 'El número de buffet no puede ser 0');
    await tabHasta(pagina, { name: 'buffet_promo_boy' });
    await reemplazar(pagina, '4');
    await tecla('Enter');
    await toastUnico(pagina, 'El número de Buffets Caballero o Dama no pueden ser 0');
    await tabHasta(pagina, { name: 'buffet_promo_adulto' }, { atras: true });
    await reemplazar(pagina, '2');
    assert.equal(await mensajeEn('buffet_promo_adulto').count(), 0);
    await tabHasta(pagina, { name: 'buffet_promo_girl' });
    await reemplazar(pagina, '1');
    await tabHasta(pagina, { name: 'buffet_promo_boy' });
    await reemplazar(pagina, '1');
    await tecla('Enter');

    // Abre: focus on the question; promotions added, refused and deleted.
    await esperarFoco(pagina, { role: 'radio', checked: 'true', texto: 'No' });
    assert.equal(await pagina.locator('[data-paso="abre"] [data-campo="cliente"]').innerText(), 'Familia Teclado');
    await tecla('ArrowRight');
    await pagina.getByTestId('selector-promocion').waitFor();
    await tabHasta(pagina, { name: 'promo' });
    await elegirConFlechas(pagina, 'Cumpleaños');
    await pagina.locator('input[name="field"]').waitFor();
    await tecla('Enter');
    await toastUnico(pagina, 'Escribe el nombre de los festejados');
    await esperarFoco(pagina, { name: 'field' });
    await teclear('Ana y Luis');
    await tecla('Enter');
    const filas = pagina.locator('table[aria-label="Promociones agregadas"] tbody tr');
    await filas.filter({ hasText: 'Ana y Luis' }).waitFor();
    await esperarFoco(pagina, { name: 'promo' });
    await elegirConFlechas(pagina, '2x1 en martes');
    await tabHasta(pagina, { name: 'qty' });
    await reemplazar(pagina, '5');
    assert.equal(await mensajeEn('qty').innerText(), 'Mayor que personas');
    await tecla('Enter');
    await toastUnico(pagina, 'El número de promociones no puede ser mayor que el número de personas');
    await reemplazar(pagina, '1');
    await tecla('Enter');
    await filas.filter({ hasText: '2x1 en martes' }).waitFor();
    await esperarFoco(pagina, { name: 'promo' });
    await elegirConFlechas(pagina, '2x1 en martes');
    await tecla('Enter');
    await toastUnico(pagina, 'La promoción ya está agregada');
    await esperarFoco(pagina, { name: 'promo' });
    await elegirConFlechas(pagina, 'Descuento afiliado 10%');
    await tabHasta(pagina, { name: 'qty' });
    await reemplazar(pagina, '0');
    assert.equal(await mensajeEn('qty').innerText(), 'La cantidad no puede ser 0');
    await tecla('Enter');
    await toastUnico(pagina, 'La cantidad no puede ser 0');
    await reemplazar(pagina, '1');
    await tecla('Enter');
    await esperarFoco(pagina, { name: 'promo' });
    await elegirConFlechas(pagina, 'Niños comen gratis');
    await tecla('Enter');
    // Four added: three a page, the new one on page 2.
    await pagina.getByText('Página 2 de 2').waitFor();
    assert.equal(await filas.count(), 1);
    await esperarFoco(pagina, { name: 'promo' });
    await elegirConFlechas(pagina, 'Elige una promoción');
    assert.equal(await pagina.locator('select[name="promo"]').inputValue(), '');
    await tecla('Enter');
    await toastUnico(pagina, 'Seleccione una promoción');
    await tabHasta(pagina, { texto: 'Eliminar' });
    await tecla('Enter');
    await toastUnico(pagina, 'Promoción eliminada', 'exito');
    assert.equal(await filas.count(), 3);
    assert.equal(await pagina.getByText('Página 2 de 2').count(), 0);

    // Registrar: a spinner while the server saves.
    let soltar;
    const retenida = new Promise((r) => (soltar = r));
    await pagina.route((u) => u.pathname === '/api/v1/admin/walkin', async (ruta) => {
      await retenida;
      await ruta.continue();
    });
    let respuesta;
    try {
      await tabHasta(pagina, { texto: 'Registrar' });
      respuesta = pagina.waitForResponse(esGuardar);
      await tecla('Enter');
      const registrar = pagina.getByRole('button', { name: 'Registrar', exact: true });
      await pagina.waitForFunction(() => document.querySelector('button[aria-busy="true"]')?.textContent?.includes('Registrar'));
      assert.equal(await registrar.isDisabled(), true);
      assert.equal(await registrar.locator('svg.animate-spin').count(), 1);
    } finally {
      soltar();
      await pagina.unrouteAll({ behavior: 'wait' });
    }
    const guardado = await (await respuesta).json();
    assert.equal((await respuesta).status(), 201, guardado.message);
    const w = guardado.data;
    await toastUnico(pagina, 'Datos guardados correctamente', 'exito');
    assert.equal(w.name, 'Familia Teclado');
    assert.equal(w.evento, 'Aniversario');
    assert.deepEqual(w.comanda.buffet, { afterSeven: true, adulto: 2, dama: 1, nino: 1 });
    assert.deepEqual(
      w.abre.promo.map((p) => [p.name, p.qty, p.field ?? null]),
      [
        ['Cumpleaños', 1, 'Ana y Luis'],
        ['2x1 en martes', 1, null],
        ['Descuento afiliado 10%', 1, null],
      ],
    );
    assert.match(w.folio, /^POL-\d{4,}$/);

    // Imprimir: both tickets, each alone on an 80 mm page holding the folio.
    await esperarFoco(pagina, { texto: 'Imprimir Comanda' });
    await tecla('Enter');
    const comanda = await imprimirPdf(pagina, 'comanda');
    esTicket80mm(comanda.paginas);
    assert.match(comanda.texto, impreso(`Folio ${w.folio}`));
    assert.match(comanda.texto, impreso('COMANDA'));
    assert.match(comanda.texto, impreso('Familia Teclado'));
    assert.match(comanda.texto, impreso(mesero));
    assert.match(comanda.texto, impreso('Caballero'));
    assert.doesNotMatch(comanda.texto, impreso('Registrar walk-in'), 'nothing else of the page prints');
    await tabHasta(pagina, { texto: 'Imprimir Abre' });
    await tecla('Enter');
    const abre = await imprimirPdf(pagina, 'abre');
    esTicket80mm(abre.paginas);
    assert.match(abre.texto, impreso(`Folio ${w.folio}`));
    assert.match(abre.texto, impreso('ABRE'));
    assert.match(abre.texto, impreso('Ana y Luis'), 'the celebrants print on the birthday promotion');
    assert.doesNotMatch(abre.texto, impreso('COMANDA'));

    // Inicio: a fresh form, focus on the name.
    await tabHasta(pagina, { texto: 'Inicio' });
    await tecla('Enter');
    await esperarFoco(pagina, { name: 'name' });
    assert.equal(await pagina.locator('input[name="name"]').inputValue(), '');
    assert.equal(await siguiente.isDisabled(), true);
  });

  test('a phone under five digits is cleared, the country code is picked (never typed), and a refused save says why', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await pagina.getByLabel('Nombre').fill('Prueba Teléfono');
    const telefono = pagina.locator('input[name="phone"]');
    await telefono.fill('12345678901234567890');
    assert.equal(await telefono.inputValue(), '1234567890123', 'at most 15 digits with the code');
    await telefono.fill('12');
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="comanda"]').waitFor();
    await pagina.getByRole('button', { name: 'Regresar' }).click();
    assert.equal(await telefono.inputValue(), '', 'two digits after +52 are no phone: cleared');

    // The country comes from the picker; its search waits for a pause in the typing.
    await pagina.getByRole('button', { name: /^País: México/ }).click();
    const busca = pagina.getByLabel('Buscar país');
    await busca.fill('guate');
    await pagina.locator('[data-pais="GT"]').click();
    assert.equal(await pagina.locator('[data-campo="codigo-pais"]').innerText(), '+502');
    assert.equal(await pagina.locator('[data-campo="codigo-pais"]').evaluate((el) => el.closest('input') === null && !el.isContentEditable), true);
    await pagina.getByRole('button', { name: /^País: Guatemala/ }).click();
    await pagina.getByLabel('Buscar país').fill('+52');
    await pagina.locator('[data-pais="MX"]').click();

    // A table another host seats meanwhile: the server refuses, and the wizard goes back to it.
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    const cajaMesa = pagina.locator('select[name="mesa"]');
    await cajaMesa.selectOption({ index: 1 });
    const mesa = await cajaMesa.inputValue();
    await pagina.locator('select[name="mesero_id"]').selectOption({ index: 1 });
    const promo = (await pagina.getByRole('switch', { name: 'Buffet promoción' }).getAttribute('aria-checked')) === 'true';
    await pagina.locator(`input[name="${promo ? 'buffet_promo_adulto' : 'buffet_adulto'}"]`).fill('1');
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="abre"]').waitFor();
    const otra = await registrarWalkin(servidor, token, tag, { name: 'Familia Rápida', mesa });
    const respuesta = pagina.waitForResponse(esGuardar);
    await pagina.getByRole('button', { name: 'Registrar', exact: true }).click();
    assert.equal((await respuesta).status(), 409);
    await toastUnico(pagina, 'Error al guardar los datos');
    await toastUnico(pagina, `La mesa ${mesa} está ocupada desde las ${otra.hora}`);
    await pagina.locator('form[data-paso="comanda"]').waitFor();
    assert.equal(await cajaMesa.inputValue(), mesa, 'nothing chosen is lost');
    // The box the refusal names holds the cursor, not the party's.
    await esperarFoco(pagina, { name: 'mesa' });
  });
});

describe('a rushed host', () => {
  test('every message is the console\'s, in Spanish: an empty table or waiter is said in a toast, never by the browser\'s bubble', async () => {
    await entrar(pagina, servidor.base, CUENTAS.hostess);
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await pagina.getByLabel('Nombre').fill('Familia Sin Mesa');
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="comanda"]').waitFor();
    // No form leaves its checks to the browser (its bubbles are in the browser's language).
    assert.equal(await pagina.locator('form:not([novalidate])').count(), 0);
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await toastUnico(pagina, 'Elige la mesa');
    await esperarFoco(pagina, { name: 'mesa' });
    await pagina.locator('select[name="mesa"]').selectOption({ index: 1 });
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await toastUnico(pagina, 'Elige al mesero');
    await esperarFoco(pagina, { name: 'mesero_id' });
    assert.equal(await pagina.locator('form[data-paso="comanda"]').count(), 1, 'still on the order step');
  });


  test('a real double click on Registrar saves one walk-in and reaches the print step', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await pagina.getByLabel('Nombre').fill('Familia Doble Clic');
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="comanda"]').waitFor();
    await pagina.locator('select[name="mesa"]').selectOption({ index: 1 });
    await pagina.locator('select[name="mesero_id"]').selectOption({ index: 1 });
    const promo = (await pagina.getByRole('switch', { name: 'Buffet promoción' }).getAttribute('aria-checked')) === 'true';
    await pagina.locator(`input[name="${promo ? 'buffet_promo_adulto' : 'buffet_adulto'}"]`).fill('1');
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="abre"]').waitFor();

    const guardados = [];
    const contar = (q) => q.method() === 'POST' && new URL(q.url()).pathname === '/api/v1/admin/walkin' && guardados.push(q);
    pagina.on('request', contar);
    await pagina.getByRole('button', { name: 'Registrar', exact: true }).dblclick();
    await toastUnico(pagina, 'Datos guardados correctamente', 'exito');
    await pagina.getByRole('button', { name: 'Imprimir Comanda' }).waitFor();
    pagina.off('request', contar);
    assert.equal(guardados.length, 1, 'one save sent');
    assert.ok(guardados[0].headers()['idempotency-key'], 'the save carries its key');
    const { body } = await llamarApi(servidor, '/v1/admin/walkin', { token, query: { tag, slug: 'hoy', q: 'Familia Doble Clic', limit: '200' } });
    assert.equal(body.data.items.filter((w) => w.name === 'Familia Doble Clic').length, 1, 'one walk-in, one folio for the kitchen');
  });
});

describe('the walk-in lists', () => {
  test('Hoy and Todas list what the API answers, search in the server, and the detail reprints both tickets', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    for (const slug of ['hoy', 'todas']) {
      const { body } = await llamarApi(servidor, '/v1/admin/walkin', { token, query: { tag, slug, limit: '200' } });
      const esperados = body.data.items;
      await pagina.goto(`${servidor.base}/walkin/${slug}`);
      const barra = pagina.getByTestId('barra-walkins');
      await barra.locator('a[data-walkin]').first().waitFor();
      const filas = await barra.locator('a[data-walkin]').evaluateAll((as) => as.map((a) => [a.dataset.walkin, a.getAttribute('href')]));
      assert.deepEqual(
        filas.map(([id]) => id),
        esperados.map((w) => w._id),
      );
      for (const [id, href] of filas) assert.equal(href, `/walkin/${slug}/${id}`);
      const primero = esperados[0];
      const fila = barra.locator(`a[data-walkin="${primero._id}"]`);
      assert.equal(await fila.locator('[data-campo="folio"]').innerText(), `Folio ${primero.folio}`);
      assert.ok((await fila.locator('[data-campo="hora"]').innerText()).length > 0);
    }

    // The search is the server's q, by name, e-mail or phone; nothing found reads "No hay registros".
    const busqueda = pagina.getByLabel('Buscar walk-in');
    const pedida = pagina.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/admin/walkin' && new URL(r.url()).searchParams.get('q') === 'nadie-se-llama-asi');
    await busqueda.fill('nadie-se-llama-asi');
    await pedida;
    await pagina.getByText('No hay registros', { exact: true }).waitFor();
    await busqueda.fill('Mariana');
    const fila = pagina.locator('a[data-walkin]').filter({ hasText: 'Mariana' });
    await fila.first().waitFor();
    await fila.first().click();
    const detalle = pagina.getByTestId('detalle-walkin');
    await detalle.getByRole('heading', { name: 'Mariana Ibarra' }).waitFor();
    const folio = (await detalle.locator('header [data-campo="folio"]').innerText()).replace('Folio ', '');
    await detalle.getByRole('button', { name: 'Imprimir Abre' }).click();
    const abre = await imprimirPdf(pagina, 'abre');
    esTicket80mm(abre.paginas);
    assert.match(abre.texto, impreso(`Folio ${folio}`));
    assert.match(abre.texto, impreso('Cumpleaños'));
    await detalle.getByRole('button', { name: 'Imprimir Comanda' }).click();
    const comanda = await imprimirPdf(pagina, 'comanda');
    assert.match(comanda.texto, impreso(`Folio ${folio}`));
    assert.match(comanda.texto, impreso('COMANDA'));
  });
});
