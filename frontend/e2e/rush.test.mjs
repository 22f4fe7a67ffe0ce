// Small things that cost the door a rush, each against the real server at the sizes the console
// is used at (1280 px, the stand's 1024×768 tablet, a 390 px phone), each screen changed left as a
// screenshot in target/capturas-rush/.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { CUENTAS, enReposo, entrar, llamarApi, prepararSuite, registrarWalkin, sentablesAhora } from './navegador.mjs';

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

const sufijo = () => String(Date.now()).slice(-6);
const ruta = (r) => new URL(r.url()).pathname;

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

describe('the check-in', () => {
  test('the abre step says "Escribe el nombre de los festejados" only while the names are missing', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const { body } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag, status: 'hoy', limit: '200' } });
    const [r] = sentablesAhora(servidor, body.data.items ?? body.data);
    assert.ok(r, 'a demo reservation the door may seat now');
    await pagina.goto(`${servidor.base}/hostes/checkin/${r._id}`);
    await pagina.locator('form[data-paso="comanda"]').waitFor();
    await pagina.locator('select[name="mesa"] option').nth(1).waitFor({ state: 'attached' });
    await pagina.locator('select[name="mesa"]').selectOption({ index: 1 });
    await pagina.locator('select[name="mesero_id"]').selectOption({ index: 1 });
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('[data-paso="abre"]').waitFor();
    await pagina.getByRole('radio', { name: 'Sí' }).click();
    await pagina.locator('select[name="promo"]').selectOption({ label: 'Cumpleaños' });
    const agregar = pagina.getByRole('button', { name: 'Agregar', exact: true });
    const pista = pagina.locator('[data-toast="error"]', { hasText: 'Escribe el nombre de los festejados' });

    // Added without names: core's refusal says what is missing; no promotion picked any more,
    // nothing is missing.
    await agregar.click();
    await pista.waitFor();
    await pagina.locator('select[name="promo"]').selectOption({ index: 0 });
    await pista.waitFor({ state: 'detached', timeout: 1000 });

    // Again, and the names typed: the hint goes at once (not when its six seconds run out).
    await pagina.locator('select[name="promo"]').selectOption({ label: 'Cumpleaños' });
    await agregar.click();
    await pista.waitFor();
    await pagina.getByLabel('Nombre de los festejados').fill('Ana y Luis');
    await pista.waitFor({ state: 'detached', timeout: 1000 });
    await agregar.click();
    await pagina.locator('table[aria-label="Promociones agregadas"] tbody tr', { hasText: 'Ana y Luis' }).waitFor();
    assert.equal(await pista.count(), 0);
    for (const [ancho, alto] of TAMANOS) {
      await pagina.setViewportSize({ width: ancho, height: alto });
      await foto(`checkin-abre-${ancho}`, { completa: true });
    }
  });
});

describe('the merge dialog', () => {
  test('two records of one name are told apart by their e-mail, phone and visits', async () => {
    const sesion = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const s = sufijo();
    const nombre = `Elena Prisa ${s}`;
    // One guest, twice: two walk-ins with this address, one with another.
    await registrarWalkin(servidor, sesion.token, tag, { name: nombre, email: `elena${s}@correo.mx` });
    await registrarWalkin(servidor, sesion.token, tag, { name: nombre, email: `elena${s}@correo.mx` });
    await registrarWalkin(servidor, sesion.token, tag, { name: nombre, email: `e.prisa${s}@otro.mx`, phone: '525512349876' });
    const { body } = await llamarApi(servidor, '/v1/admin/clientes', { token: sesion.token, query: { tag, q: nombre } });
    const registros = body.data.items;
    assert.equal(registros.length, 2, 'two records of one name');
    const destino = registros.find((c) => c.email === `elena${s}@correo.mx`);
    const duplicado = registros.find((c) => c !== destino);

    await pagina.goto(`${servidor.base}/clientes/${destino._id}`);
    await pagina.getByRole('heading', { name: nombre }).waitFor();
    await pagina.getByRole('button', { name: 'Fusionar' }).click();
    const dialogo = pagina.getByRole('dialog');
    await dialogo.getByLabel('Buscar el duplicado').fill(nombre);
    await dialogo.getByRole('button', { name: new RegExp(nombre) }).click();

    // Not "de Elena pasarán a Elena": each record with what sets it apart.
    const texto = await dialogo.innerText();
    assert.doesNotMatch(texto, new RegExp(`de ${nombre} pasarán a ${nombre}`));
    const queda = dialogo.locator('[data-registro="destino"]');
    const se_va = dialogo.locator('[data-registro="duplicado"]');
    await se_va.locator('[data-campo="visitas"]', { hasText: '1 visita' }).waitFor();
    assert.match(await queda.innerText(), new RegExp(`elena${s}@correo\\.mx`));
    assert.match(await queda.locator('[data-campo="visitas"]').innerText(), /^2 visitas$/);
    assert.match(await se_va.innerText(), new RegExp(`e\\.prisa${s}@otro\\.mx`));
    assert.match(await se_va.innerText(), /\+52 55 1234 9876/);
    for (const [ancho, alto] of TAMANOS) {
      await pagina.setViewportSize({ width: ancho, height: alto });
      await foto(`fusion-mismo-nombre-${ancho}`);
    }
    await pagina.setViewportSize({ width: 1280, height: 900 });

    const fusion = pagina.waitForResponse((r) => r.request().method() === 'POST' && ruta(r) === `/api/v1/admin/clientes/${destino._id}/fusionar`);
    await dialogo.getByRole('button', { name: 'Fusionar' }).click();
    assert.equal((await fusion).status(), 200);
    await dialogo.waitFor({ state: 'detached' });
    await pagina.locator('[data-toast="exito"]').waitFor();
    await enReposo(pagina);
    assert.equal(await pagina.locator('[data-toast="error"]').count(), 0, 'the record merged away is not read again');
    const ido = await llamarApi(servidor, `/v1/admin/clientes/${duplicado._id}`, { token: sesion.token, query: { tag } });
    assert.equal(ido.status, 404, 'the duplicate went into the record kept');
  });

  test('"Ningún otro cliente coincide" answers the search as typed, never an earlier one still shown', async () => {
    const sesion = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const s = sufijo();
    const nombre = `Rosa Lenta ${s}`;
    const otro = `Rosa Otra ${s}`;
    await registrarWalkin(servidor, sesion.token, tag, { name: nombre, email: `rosa${s}@correo.mx` });
    await registrarWalkin(servidor, sesion.token, tag, { name: otro, email: `rosa.otra${s}@correo.mx` });
    const { body } = await llamarApi(servidor, '/v1/admin/clientes', { token: sesion.token, query: { tag, q: nombre } });
    const [cliente] = body.data.items;

    await pagina.goto(`${servidor.base}/clientes/${cliente._id}`);
    await pagina.getByRole('heading', { name: nombre }).waitFor();
    await pagina.getByRole('button', { name: 'Fusionar' }).click();
    const dialogo = pagina.getByRole('dialog');
    const buscar = dialogo.getByLabel('Buscar el duplicado');
    const ninguno = dialogo.getByText('Ningún otro cliente coincide.');

    // Nothing matches this one: said once its answer is here.
    await buscar.fill(`zzz${s}`);
    await ninguno.waitFor();

    // The next search's answer is held back: while it is on its way (and while the typing pauses
    // before it is sent) nothing says that no client matches it.
    let soltar;
    const retenida = new Promise((r) => (soltar = r));
    await pagina.route(
      (u) => u.pathname === '/api/v1/admin/clientes' && u.searchParams.get('q') === otro,
      async (r) => {
        await retenida;
        await r.continue();
      },
    );
    try {
      const pedida = pagina.waitForRequest((r) => ruta(r) === '/api/v1/admin/clientes' && new URL(r.url()).searchParams.get('q') === otro);
      await buscar.fill(otro);
      assert.equal(await ninguno.count(), 0, 'not while the typing pauses');
      await pedida;
      await pagina.waitForTimeout(200);
      assert.equal(await ninguno.count(), 0, 'not while the search is on its way');
      await foto('fusion-buscando');
      soltar();
      await dialogo.getByRole('button', { name: new RegExp(otro) }).waitFor();
      assert.equal(await ninguno.count(), 0);
    } finally {
      soltar();
      await pagina.unrouteAll({ behavior: 'wait' });
    }
    // A search of nothing again, answered: said again.
    await buscar.fill(`yyy${s}`);
    await ninguno.waitFor();
  });
});

describe('promotions', () => {
  test('a promotion just created shows on its page, marked, wherever its name sorts', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    await pagina.goto(`${servidor.base}/promos`);
    await pagina.getByRole('heading', { name: 'Promociones' }).waitFor();
    await enReposo(pagina);
    const paginacion = pagina.getByRole('navigation', { name: 'Paginación' });
    assert.match(await paginacion.innerText(), /Página 1 de [2-9]/, 'more than one page already');

    // Its name sorts last: its page is the last one, not the first the table shows.
    const ultima = `Zz Prisa ${sufijo()}`;
    await pagina.getByRole('button', { name: 'Nueva promoción' }).click();
    let dialogo = pagina.getByRole('dialog');
    await dialogo.getByLabel('Nombre', { exact: true }).fill(ultima);
    await dialogo.getByRole('button', { name: 'Crear promoción' }).click();
    await dialogo.waitFor({ state: 'detached' });
    const fila = pagina.locator(`tr[data-promo="${ultima}"]`);
    await fila.waitFor();
    assert.equal(await fila.getAttribute('data-recien'), 'true', 'marked as the one just created');
    assert.ok(await fila.isVisible());
    assert.ok((await pagina.locator('tr[data-promo]').count()) <= 3, 'still three a page');
    const [, actual, total] = /Página (\d+) de (\d+)/.exec(await paginacion.innerText());
    assert.equal(actual, total, 'on the last page');
    for (const [ancho, alto] of TAMANOS) {
      await pagina.setViewportSize({ width: ancho, height: alto });
      await fila.scrollIntoViewIfNeeded();
      await foto(`promos-nueva-${ancho}`);
    }
    await pagina.setViewportSize({ width: 1280, height: 900 });
    // The mark fades: it points the new row out, it is not a state.
    await pagina.waitForFunction((n) => document.querySelector(`tr[data-promo="${n}"]`)?.getAttribute('data-recien') === null, ultima, { timeout: 10_000 });

    // From that last page, one whose name sorts first: back to page 1, where it is.
    const primera = `0 Prisa ${sufijo()}`;
    await pagina.getByRole('button', { name: 'Nueva promoción' }).click();
    dialogo = pagina.getByRole('dialog');
    await dialogo.getByLabel('Nombre', { exact: true }).fill(primera);
    await dialogo.getByRole('button', { name: 'Crear promoción' }).click();
    await dialogo.waitFor({ state: 'detached' });
    await pagina.locator(`tr[data-promo="${primera}"][data-recien="true"]`).waitFor();
    assert.match(await paginacion.innerText(), /Página 1 de/);
  });
});

describe('roles', () => {
  test('a role without permissions is refused in the form, unsent; a permission ticks from anywhere on its row, its code too', async () => {
    await entrar(pagina, servidor.base, CUENTAS.sistemas);
    await pagina.goto(`${servidor.base}/roles`);
    await pagina.getByRole('button', { name: 'Nuevo rol' }).click();
    const dialogo = pagina.getByRole('dialog', { name: 'Nuevo rol' });
    await dialogo.getByLabel('Nombre del rol').fill(`Sin permisos ${sufijo()}`);
    const caja = dialogo.locator('[data-permiso="reservacion.index"]');
    await caja.waitFor();
    let enviados = 0;
    const contar = (q) => {
      if (q.method() === 'POST' && ruta(q) === '/api/v1/admin/roles') enviados++;
    };
    pagina.on('request', contar);
    try {
      await dialogo.getByRole('button', { name: 'Crear rol' }).click();
      const mensaje = dialogo.locator('[data-mensaje="permissions"]');
      await mensaje.waitFor();
      assert.equal(await mensaje.innerText(), 'Elige al menos un permiso para el rol');
      await pagina.waitForTimeout(300);
      assert.equal(enviados, 0, 'nothing sent');
      for (const [ancho, alto] of TAMANOS) {
        await pagina.setViewportSize({ width: ancho, height: alto });
        await foto(`rol-sin-permisos-${ancho}`);
      }
      await pagina.setViewportSize({ width: 1280, height: 900 });
    } finally {
      pagina.off('request', contar);
    }

    // The small code beside the box ticks it, and untick it again; so does the row's description.
    const fila = dialogo.locator('label', { has: pagina.locator('[data-permiso="reservacion.index"]') });
    await fila.getByText('reservacion.index', { exact: true }).click();
    assert.equal(await caja.isChecked(), true, 'the code ticks the box');
    assert.equal(await dialogo.locator('[data-mensaje="permissions"]').count(), 0, 'a permission ticked: the refusal goes');
    await fila.getByText('reservacion.index', { exact: true }).click();
    assert.equal(await caja.isChecked(), false);
    const marcas = dialogo.locator('[data-permiso="marcas.index"]');
    const filaMarcas = dialogo.locator('label', { has: pagina.locator('[data-permiso="marcas.index"]') });
    await filaMarcas.scrollIntoViewIfNeeded();
    const cajaMarcas = await filaMarcas.boundingBox();
    // The row's far right edge, away from the box and its texts.
    await pagina.mouse.click(cajaMarcas.x + cajaMarcas.width - 4, cajaMarcas.y + cajaMarcas.height / 2);
    assert.equal(await marcas.isChecked(), true, 'anywhere on the row');
    await fila.getByText('reservacion.index', { exact: true }).click();
    // Named by its description alone; its code describes it.
    assert.equal(await dialogo.getByRole('checkbox', { name: await fila.locator('[data-campo="descripcion"]').innerText(), exact: true }).count(), 1);

    const guardado = pagina.waitForResponse((r) => r.request().method() === 'POST' && ruta(r) === '/api/v1/admin/roles');
    await dialogo.getByRole('button', { name: 'Crear rol' }).click();
    const respuesta = await guardado;
    const rol = (await respuesta.json()).data;
    assert.deepEqual(rol.permissions.map((p) => p.name).sort(), ['marcas.index', 'reservacion.index']);
    await dialogo.waitFor({ state: 'detached' });

    // Editing: every permission taken away is refused the same way.
    await pagina.getByRole('button', { name: `Editar el rol ${rol.name}` }).click();
    const edicion = pagina.getByRole('dialog', { name: `Editar rol ${rol.name}` });
    for (const permiso of ['marcas.index', 'reservacion.index']) await edicion.locator(`[data-permiso="${permiso}"]`).click();
    await edicion.getByRole('button', { name: 'Guardar' }).click();
    assert.equal(await edicion.locator('[data-mensaje="permissions"]').innerText(), 'Elige al menos un permiso para el rol');
  });
});

describe('one person', () => {
  test('the buffets\' count reads "1 de 1 persona" and "1 de 2 personas"', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await pagina.getByLabel('Nombre', { exact: true }).fill('Familia Singular');
    await pagina.getByRole('button', { name: 'Siguiente' }).click();
    await pagina.locator('form[data-paso="comanda"]').waitFor();
    const suma = pagina.getByTestId('suma-buffets');
    const promo = (await pagina.getByRole('switch', { name: 'Buffet promoción' }).getAttribute('aria-checked')) === 'true';
    const adultos = pagina.locator(`input[name="${promo ? 'buffet_promo_adulto' : 'buffet_adulto'}"]`);
    // The counts follow the party.
    await pagina.locator('input[name="no_personas"]').fill('1');
    await pagina.waitForFunction(() => /\b1 de 1\b/.test(document.querySelector('[data-testid="suma-buffets"]')?.textContent ?? ''));
    assert.equal((await suma.innerText()).trim(), 'Buffets: 1 de 1 persona');
    for (const [ancho, alto] of TAMANOS) {
      await pagina.setViewportSize({ width: ancho, height: alto });
      await suma.scrollIntoViewIfNeeded();
      await foto(`comanda-una-persona-${ancho}`);
    }
    await pagina.setViewportSize({ width: 1280, height: 900 });
    await pagina.locator('input[name="no_personas"]').fill('2');
    await adultos.fill('1');
    for (const campo of ['buffet_boy', 'buffet_promo_girl', 'buffet_promo_boy']) {
      const caja = pagina.locator(`input[name="${campo}"]`);
      if ((await caja.count()) === 1) await caja.fill('0');
    }
    assert.equal((await suma.innerText()).trim(), 'Buffets: 1 de 2 personas');
  });

  test('a table seating one reads "1 persona" on the floor and when freed', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const meseros = await llamarApi(servidor, '/v1/admin/meseros', { token, query: { tag } });
    const piso = await llamarApi(servidor, '/v1/admin/salon', { token, query: { tag } });
    const mesa = piso.body.data.mesas.find((m) => m.estado === 'libre');
    await registrarWalkin(servidor, token, tag, {
      name: 'Comensal Solo',
      comanda: {
        mesa: String(mesa.numero),
        mesero_id: meseros.body.data[0]._id,
        no_personas: 1,
        buffet_adulto: 1,
        buffet_boy: 0,
        buffet_promo_adulto: 1,
        buffet_promo_girl: 0,
        buffet_promo_boy: 0,
        isAfter7pm: false,
      },
    });
    await pagina.goto(`${servidor.base}/salon`);
    const boton = pagina.locator(`button[data-mesa="${mesa.numero}"][data-estado="ocupada"]`);
    await boton.waitFor();
    assert.match(await boton.getAttribute('aria-label'), /: Comensal Solo, 1 persona, \d+ minutos/);
    await boton.click();
    await pagina.getByRole('button', { name: 'Liberar mesa' }).click();
    const confirmar = pagina.getByRole('dialog', { name: `¿Liberar la mesa ${mesa.numero}?` });
    await confirmar.getByText('Comensal Solo (1 persona) deja la mesa; queda libre para el siguiente grupo.').waitFor();
  });
});

describe('the QR check-in', () => {
  test("the code box's placeholder is read whole on the stand's tablet and on a phone", async () => {
    await entrar(pagina, servidor.base, CUENTAS.hostess);
    /** Each visible code box: its placeholder's width in its own font against the room inside it. */
    const medidas = () =>
      pagina.evaluate(() =>
        [...document.querySelectorAll('input[name="codigo"]')]
          .filter((caja) => caja.offsetParent !== null && !caja.closest('[inert]'))
          .map((caja) => {
            const estilo = getComputedStyle(caja);
            const lienzo = document.createElement('canvas').getContext('2d');
            lienzo.font = estilo.font;
            return {
              texto: caja.placeholder,
              ancho: lienzo.measureText(caja.placeholder).width,
              cabe: caja.clientWidth - parseFloat(estilo.paddingLeft) - parseFloat(estilo.paddingRight),
            };
          }),
      );
    const revisar = async (donde) => {
      const cajas = await medidas();
      assert.ok(cajas.length > 0, `${donde}: a code box`);
      for (const { texto, ancho, cabe } of cajas) {
        assert.ok(texto.trim() !== '', `${donde}: a placeholder`);
        assert.ok(ancho <= cabe, `${donde}: «${texto}» takes ${Math.round(ancho)} px of ${Math.round(cabe)}`);
      }
    };
    for (const [ancho, alto] of TAMANOS) {
      await pagina.setViewportSize({ width: ancho, height: alto });
      await pagina.goto(`${servidor.base}/hostes`);
      await pagina.locator('input[name="codigo"]').waitFor();
      await pagina.evaluate(() => document.fonts.ready);
      await revisar(`/hostes a ${ancho} px`);
      await foto(`qr-hostes-${ancho}`);
      // The check-in dialog's scanner box.
      await pagina.locator('[data-accion="checkin"]').click();
      const dialogo = pagina.getByRole('dialog', { name: 'Registrar asistencia' });
      await dialogo.getByRole('button', { name: /Lector QR/ }).click();
      await dialogo.locator('input[name="codigo"]').waitFor();
      await revisar(`the dialog at ${ancho} px`);
      await foto(`qr-dialogo-${ancho}`);
    }
  });
});
