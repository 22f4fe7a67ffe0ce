// The reservations screen against the real server: each tab lists what the API answers for it,
// the search narrows by name, e-mail and phone in the server, the sidebar's buttons and the
// detail's contact follow the role's permissions, the edit forms check with core before sending,
// and the list stays small in the DOM however long it grows.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CUENTAS, entrar, llamarApi, prepararSuite, sentablesAhora } from './navegador.mjs';
import { esTicket80mm, imprimirPdf, impreso } from './orden.mjs';

let servidor;
let pagina;

prepararSuite((s) => ({ servidor, pagina } = s));

const SLUGS = ['hoy', 'pendientes', 'asistio', 'vencidas', 'canceladas', 'todas'];
const esLista = (r, slug) => {
  const u = new URL(r.url());
  return u.pathname === '/api/v1/admin/reservacion' && u.searchParams.get('status') === slug && r.request().method() === 'GET';
};

/** Every reservation the API answers for a tab, all pages. */
async function delApi(token, tag, slug, q) {
  const query = { tag, status: slug, limit: '200', ...(q ? { q } : {}) };
  if (slug === 'hoy') {
    const { status, body } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query });
    assert.equal(status, 200, body.message);
    return body.data;
  }
  const items = [];
  for (let page = 1; ; page++) {
    const { status, body } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { ...query, page: String(page) } });
    assert.equal(status, 200, body.message);
    items.push(...body.data.items);
    if (items.length >= body.data.total || body.data.items.length === 0) return items;
  }
}

/**
 * The rows of the (windowed) list in order, scrolling it from top to bottom: id and link of each,
 * waiting for any page still loading at the end.
 */
async function filasDeLaLista() {
  await pagina.locator('[role="list"][aria-label="Reservaciones"], :text("No hay reservaciones")').first().waitFor();
  return pagina.evaluate(async () => {
    const lista = document.querySelector('[role="list"][aria-label="Reservaciones"]');
    if (!lista) return [];
    const caja = lista.parentElement;
    const filas = new Map();
    const cuadro = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    caja.scrollTop = 0;
    for (let vueltas = 0; vueltas < 10_000; vueltas++) {
      await cuadro();
      for (const f of caja.querySelectorAll('[data-fila]')) {
        const a = f.querySelector('a[data-reservacion]');
        if (a) filas.set(Number(f.dataset.fila), { id: a.dataset.reservacion, href: a.getAttribute('href') });
      }
      const alFondo = caja.scrollTop + caja.clientHeight >= caja.scrollHeight - 1;
      if (alFondo && !caja.textContent.includes('Cargando más')) break;
      caja.scrollTop += caja.clientHeight / 2;
    }
    return [...filas.entries()].sort((a, b) => a[0] - b[0]).map(([, f]) => f);
  });
}

const totalMostrado = () => pagina.getByTestId('total-reservaciones').innerText();
const textoTotal = (n) => (n === 1 ? '1 reservación' : `${n.toLocaleString('es-MX')} reservaciones`);

describe('the tabs', () => {
  test('each tab lists exactly the reservations the API answers for it, each linking to its detail', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const vistos = new Set();
    for (const slug of SLUGS) {
      const respuesta = pagina.waitForResponse((r) => esLista(r, slug));
      await pagina.goto(`${servidor.base}/reservaciones/${slug}`);
      assert.equal((await respuesta).status(), 200);
      const esperadas = await delApi(token, tag, slug);
      const filas = await filasDeLaLista();
      assert.deepEqual(
        filas.map((f) => f.id),
        esperadas.map((r) => r._id),
        `${slug}: the list shows the API's reservations in its order`,
      );
      for (const f of filas) assert.equal(f.href, `/reservaciones/${slug}/${f.id}`);
      assert.equal(await totalMostrado(), textoTotal(esperadas.length));
      if (esperadas.length === 0) await pagina.getByText('No hay reservaciones', { exact: true }).waitFor();
      esperadas.forEach((r) => vistos.add(r.status));
      // The tab's own filter, as the server applies it.
      const estados = { asistio: 'Asistio', vencidas: 'Vencido', canceladas: 'Cancelada', pendientes: 'Pendiente' };
      if (estados[slug]) for (const r of esperadas) assert.equal(r.status, estados[slug], `${slug}: ${r._id}`);
    }
    assert.ok(vistos.size >= 3, 'the demo branch has reservations in several states');
  });

  test('a row shows date, time, origin and the name cut to 15 characters; opening it shows the detail', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    await pagina.goto(`${servidor.base}/reservaciones/todas`);
    const [r] = await delApi(token, tag, 'todas');
    const fila = pagina.locator(`a[data-reservacion="${r._id}"]`);
    await fila.waitFor();
    const partes = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(r.fecha_hora).slice(1).map(Number);
    const instante = new Date(Date.UTC(partes[0], partes[1] - 1, partes[2], partes[3], partes[4]));
    const dia = new Intl.DateTimeFormat('es-MX', { day: '2-digit', timeZone: 'UTC' }).format(instante);
    const mes = new Intl.DateTimeFormat('es-MX', { month: 'short', timeZone: 'UTC' }).format(instante);
    const hora = new Intl.DateTimeFormat('es-MX', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: 'UTC' }).format(instante);
    assert.equal(await fila.locator('[data-campo="fecha"]').innerText(), `${dia}, ${mes}`);
    assert.equal((await fila.locator('[data-campo="hora"]').textContent()).trim(), hora);
    const nombre = [...r.name];
    assert.equal(await fila.locator('[data-campo="nombre"]').innerText(), nombre.length > 15 ? `${nombre.slice(0, 15).join('').trimEnd()}…` : r.name);
    assert.equal(await fila.locator(`[data-origen="${r.origin}"]`).count(), 1);
    assert.equal(await fila.locator('[data-marca="verificada"]').count(), r.verified.email_verified || r.verified.phone_verified ? 1 : 0);
    assert.equal(await fila.locator('[data-marca="evento"]').count(), r.evento === 'Ninguno' ? 0 : 1);
    assert.equal(await fila.locator('[data-marca="comentario"]').count(), r.comentarios.trim() ? 1 : 0);

    await fila.click();
    await pagina.waitForURL((u) => u.pathname === `/reservaciones/todas/${r._id}`);
    const detalle = pagina.getByTestId('detalle-reservacion');
    await detalle.getByRole('heading', { name: r.name }).waitFor();
    assert.equal(await detalle.locator('[data-campo="personas"]').innerText(), r.no_personas === 1 ? '1 persona' : `${r.no_personas} personas`);
    assert.equal(await detalle.locator('[data-campo="comentarios"]').innerText(), r.comentarios.trim() || 'Sin comentarios');
    assert.equal(await fila.getAttribute('aria-current'), 'page');
  });

  test('a long list shows skeleton rows while its first page loads, never a false empty state', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    let soltar;
    const retenida = new Promise((r) => (soltar = r));
    await pagina.route(
      (u) => u.pathname === '/api/v1/admin/reservacion' && u.searchParams.get('status') === 'todas',
      async (ruta) => {
        await retenida;
        await ruta.continue();
      },
    );
    try {
      await pagina.goto(`${servidor.base}/reservaciones/todas`);
      await pagina.getByRole('status', { name: 'Cargando reservaciones' }).waitFor();
      assert.equal(await pagina.getByText('No hay reservaciones').count(), 0);
      soltar();
      await pagina.locator('a[data-reservacion]').first().waitFor();
      assert.equal(await pagina.getByRole('status', { name: 'Cargando reservaciones' }).count(), 0);
    } finally {
      soltar();
      await pagina.unrouteAll();
    }
  });
});

describe('an attended reservation', () => {
  test('its detail shows both tickets with the time the table opened, and prints them again', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const { body: hoy } = await llamarApi(servidor, '/v1/admin/reservacion', { token, query: { tag, status: 'hoy' } });
    const [r] = sentablesAhora(servidor, hoy.data);
    const { body: meseros } = await llamarApi(servidor, '/v1/admin/meseros', { token, query: { tag } });
    const n = r.no_personas;
    const { status, body } = await llamarApi(servidor, `/v1/admin/reservacion/${r._id}/asistencia`, {
      token,
      method: 'PUT',
      body: { tag_sucursal: tag, status: 'Asistio', no_personas: n,
        comanda: { mesa: '3', mesero_id: meseros.data[0]._id, no_personas: n, buffet_adulto: n, buffet_boy: 0,
                   buffet_promo_adulto: n, buffet_promo_girl: 0, buffet_promo_boy: 0, isAfter7pm: false },
        abre: { promo: [] } },
    });
    assert.equal(status, 200, body.message);
    const sentada = body.data;
    assert.match(sentada.abierta, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    // The dialog that seated it is long closed: the detail still prints both tickets.
    await pagina.goto(`${servidor.base}/reservaciones/asistio/${r._id}`);
    const tickets = pagina.getByTestId('tickets-reservacion');
    await tickets.waitFor();
    const [h, m] = sentada.abierta.slice(11).split(':').map(Number);
    const abierta = new Intl.DateTimeFormat('es-MX', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 0, 1, h, m)));
    assert.ok((await tickets.innerText()).includes(abierta), `the tickets say ${abierta}, when the table opened`);
    for (const tipo of ['Comanda', 'Abre']) {
      await tickets.getByRole('button', { name: `Imprimir ${tipo}` }).click();
      const { paginas, texto } = await imprimirPdf(pagina, tipo.toLowerCase());
      esTicket80mm(paginas);
      assert.match(texto, impreso(sentada.folio));
    }
  });
});

describe('the search', () => {
  test('narrows the tab by name, by e-mail and by phone, asked to the server once typing pauses', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const todas = await delApi(token, tag, 'todas');
    const r = todas.find((x) => x.email && x.phone);
    assert.ok(r, 'a demo reservation has both e-mail and phone');
    await pagina.goto(`${servidor.base}/reservaciones/todas`);
    await pagina.locator('a[data-reservacion]').first().waitFor();
    const caja = pagina.getByRole('searchbox', { name: 'Buscar reservación' });

    const busquedas = [];
    const anotar = (req) => {
      const u = new URL(req.url());
      if (u.pathname === '/api/v1/admin/reservacion' && u.searchParams.has('q')) busquedas.push(u.searchParams.get('q'));
    };
    pagina.on('request', anotar);
    try {
      const terminos = [
        ['name', r.name.split(' ')[0]],
        ['email', r.email],
        ['phone', r.phone.slice(-8)],
      ];
      for (const [campo, termino] of terminos) {
        busquedas.length = 0;
        await caja.fill('');
        const respuesta = pagina.waitForResponse((x) => esLista(x, 'todas') && new URL(x.url()).searchParams.get('q') === termino);
        await caja.pressSequentially(termino, { delay: 15 });
        await respuesta;
        const esperadas = await delApi(token, tag, 'todas', termino);
        assert.ok(esperadas.length > 0 && esperadas.length < todas.length, `${campo}: the search narrows (${esperadas.length} of ${todas.length})`);
        assert.ok(esperadas.some((x) => x._id === r._id));
        for (const x of esperadas) {
          const dondeSea = [x.name, x.email ?? '', x.phone ?? ''].join(' ').toLowerCase();
          assert.ok(dondeSea.includes(termino.toLowerCase()), `${campo}: ${x._id} matches ${termino}`);
        }
        await pagina.getByTestId('total-reservaciones').filter({ hasText: textoTotal(esperadas.length) }).waitFor();
        assert.deepEqual(
          (await filasDeLaLista()).map((f) => f.id),
          esperadas.map((x) => x._id),
          `${campo}: the list shows the server's answer`,
        );
        assert.ok(busquedas.length < termino.length, `${campo}: not one call per keystroke (${busquedas.join(' | ')})`);
        assert.equal(busquedas.at(-1), termino);
      }

      const vacia = pagina.waitForResponse((x) => esLista(x, 'todas') && new URL(x.url()).searchParams.get('q') === 'zzqqxx');
      await caja.fill('zzqqxx');
      await vacia;
      await pagina.getByText('No hay reservaciones', { exact: true }).waitFor();

      // Clearing the box brings the whole tab back.
      await pagina.getByRole('button', { name: 'Borrar búsqueda' }).click();
      await pagina.getByTestId('total-reservaciones').filter({ hasText: textoTotal(todas.length) }).waitFor();
    } finally {
      pagina.off('request', anotar);
    }
  });
});

describe('what each role may do', () => {
  for (const cuenta of ['gerente', 'hostess', 'reservaciones']) {
    test(`${cuenta}: Asistencia, Nueva, the contact and the actions follow the permissions`, async () => {
      const { token, user } = await entrar(pagina, servidor.base, CUENTAS[cuenta]);
      const tiene = (p) => user.role.permissions.some((x) => x.name === p);
      const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
      await pagina.goto(`${servidor.base}/reservaciones/hoy`);
      await pagina.getByTestId('barra-reservaciones').waitFor();
      const barra = pagina.getByTestId('barra-reservaciones');
      assert.equal(await barra.getByRole('button', { name: 'Asistencia' }).count(), tiene('reservacion.asistio') ? 1 : 0);
      assert.equal(await barra.getByRole('button', { name: 'Nueva' }).count(), tiene('reservacion.create') ? 1 : 0);
      if (tiene('reservacion.asistio')) {
        await barra.getByRole('button', { name: 'Asistencia' }).click();
        const dialogo = pagina.getByRole('dialog', { name: 'Registrar asistencia' });
        await dialogo.waitFor();
        await dialogo.getByRole('button', { name: 'Cerrar' }).first().click();
        await dialogo.waitFor({ state: 'detached' });
      }
      await pagina.goto(`${servidor.base}/reservaciones/pendientes`);
      await pagina.locator('a[data-reservacion]').first().waitFor();
      assert.equal(await barra.getByRole('button', { name: 'Asistencia' }).count(), 0, 'only on Hoy');
      assert.equal(await barra.getByRole('button', { name: 'Nueva' }).count(), 0, 'only on Hoy');

      const r = (await delApi(token, tag, 'pendientes'))[0];
      assert.equal('email' in r || 'phone' in r, tiene('reservacion.client'), 'the server leaves the contact out without reservacion.client');
      await pagina.goto(`${servidor.base}/reservaciones/pendientes/${r._id}`);
      const detalle = pagina.getByTestId('detalle-reservacion');
      await detalle.getByRole('heading', { name: r.name }).waitFor();
      const contacto = tiene('reservacion.client') ? 1 : 0;
      assert.equal(await detalle.locator('[data-campo="email"]').count(), contacto);
      assert.equal(await detalle.locator('[data-campo="phone"]').count(), contacto);
      const editar = tiene('reservacion.edit') ? 1 : 0;
      assert.equal(await detalle.getByRole('button', { name: 'Cancelar reservación' }).count(), editar);
      assert.equal(await detalle.getByRole('button', { name: 'Editar reservación' }).count(), editar);
      assert.equal(await detalle.getByRole('button', { name: 'Editar cliente' }).count(), editar && contacto);
    });
  }
});

describe('the edit forms', () => {
  test('core refuses a bad e-mail and parties of 0 and 60 in the browser; a good edit saves', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const r = (await delApi(token, tag, 'pendientes')).at(-1);
    await pagina.goto(`${servidor.base}/reservaciones/pendientes/${r._id}`);
    const detalle = pagina.getByTestId('detalle-reservacion');
    await detalle.getByRole('heading', { name: r.name }).waitFor();

    const puts = [];
    const anotar = (req) => req.method() === 'PUT' && puts.push(new URL(req.url()).pathname);
    pagina.on('request', anotar);
    try {
      // The guest's e-mail, refused by core (WASM) before anything is sent.
      await detalle.getByRole('button', { name: 'Editar cliente' }).click();
      let dialogo = pagina.getByRole('dialog', { name: 'Editar cliente' });
      await dialogo.getByLabel('Correo electrónico').fill('ana@demo');
      await dialogo.getByRole('button', { name: 'Guardar cambios' }).click();
      await pagina.getByRole('alert').filter({ hasText: 'Correo electrónico no válido' }).waitFor();
      assert.equal(await dialogo.getByLabel('Correo electrónico').evaluate((el) => el === document.activeElement), true);
      await dialogo.getByRole('button', { name: 'Descartar' }).click();
      await dialogo.waitFor({ state: 'detached' });

      // The phone is the same field as everywhere: the country's code shown, the rest in the box;
      // "55" is an incomplete number, refused, not a phone silently deleted.
      await detalle.getByRole('button', { name: 'Editar cliente' }).click();
      dialogo = pagina.getByRole('dialog', { name: 'Editar cliente' });
      const telefono = dialogo.locator('input[name="phone"]');
      if (r.phone?.startsWith('52')) {
        assert.equal(await dialogo.locator('[data-campo="codigo-pais"]').innerText(), '+52');
        assert.equal(await telefono.inputValue(), r.phone.slice(2));
      }
      await telefono.fill('55');
      await dialogo.getByRole('button', { name: 'Guardar cambios' }).click();
      await pagina.getByRole('alert').filter({ hasText: 'Número de teléfono no válido' }).waitFor();
      assert.equal(await telefono.evaluate((el) => el === document.activeElement), true);
      await dialogo.getByRole('button', { name: 'Descartar' }).click();
      await dialogo.waitFor({ state: 'detached' });

      // A party of 0, refused by core's rule.
      await detalle.getByRole('button', { name: 'Editar reservación' }).click();
      dialogo = pagina.getByRole('dialog', { name: 'Editar reservación' });
      await dialogo.getByLabel('Personas').fill('0');
      await dialogo.getByRole('button', { name: 'Guardar cambios' }).click();
      await pagina.getByRole('alert').filter({ hasText: 'El número de personas no puede ser 0' }).waitFor();
      assert.deepEqual(puts, [], 'nothing was sent');

      // Over the party limit: core's edit rule refuses it in the browser too, with its message.
      await dialogo.getByLabel('Personas').fill('60');
      await dialogo.getByRole('button', { name: 'Guardar cambios' }).click();
      await pagina.getByRole('alert').filter({ hasText: 'El número de personas no puede ser mayor que 50' }).waitFor();
      assert.deepEqual(puts, [], 'nothing was sent');

      // A good edit: saved, announced, shown.
      const comentario = `Mesa junto a la ventana ${Date.now() % 1000}`;
      await dialogo.getByLabel('Personas').fill('3');
      await dialogo.getByLabel('Comentarios').fill(comentario);
      const guardado = pagina.waitForResponse((x) => x.request().method() === 'PUT' && new URL(x.url()).pathname === `/api/v1/admin/reservacion/${r._id}`);
      await dialogo.getByRole('button', { name: 'Guardar cambios' }).click();
      assert.equal((await guardado).status(), 200);
      await dialogo.waitFor({ state: 'detached' });
      await pagina.getByRole('status').filter({ hasText: 'Datos guardados correctamente' }).waitFor();
      await detalle.locator('[data-campo="comentarios"]').filter({ hasText: comentario }).waitFor();
      assert.equal(await detalle.locator('[data-campo="personas"]').innerText(), '3 personas');
      const { body } = await llamarApi(servidor, `/v1/admin/reservacion/${r._id}`, { token, query: { tag } });
      assert.equal(body.data.comentarios, comentario);
      assert.equal(body.data.no_personas, 3);
    } finally {
      pagina.off('request', anotar);
    }
  });
});

describe('a very long list', () => {
  test('100 000 reservations: pages load as it scrolls and the DOM keeps a few dozen rows', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    const TOTAL = 100_000;
    const paginas = [];
    const base = {
      email: null,
      phone: null,
      no_personas: 2,
      evento: 'Ninguno',
      comentarios: '',
      status: 'Pendiente',
      tag_sucursal: 'polanco',
      marca: { name: 'Marca' },
      sucursal: { name: 'Sucursal' },
      origin: 'Widget',
      verified: { email_verified: false, phone_verified: false },
      comanda: null,
      abre: null,
      folio: null,
      buffet_adulto: 0,
      buffet_boy: 0,
      buffet_promo_adulto: 0,
      buffet_promo_girl: 0,
      buffet_promo_boy: 0,
    };
    await pagina.route(
      (u) => u.pathname === '/api/v1/admin/reservacion' && u.searchParams.get('status') === 'todas',
      async (ruta) => {
        const u = new URL(ruta.request().url());
        const page = Number(u.searchParams.get('page'));
        const limit = Number(u.searchParams.get('limit'));
        paginas.push(page);
        const items = Array.from({ length: limit }, (_, i) => {
          const n = (page - 1) * limit + i;
          return { ...base, _id: `v${n}`, name: `Invitado ${n}`, fecha_hora: '2026-01-15T14:00:00' };
        });
        await ruta.fulfill({ json: { status: 'success', message: 'Reservaciones', data: { items, total: TOTAL, page, limit } } });
      },
    );
    try {
      await pagina.goto(`${servidor.base}/reservaciones/todas`);
      await pagina.locator('a[data-reservacion="v0"]').waitFor();
      assert.equal(await totalMostrado(), textoTotal(TOTAL));
      const caja = pagina.locator('[role="list"][aria-label="Reservaciones"]').locator('..');
      const filasEnDom = () => pagina.locator('[role="list"][aria-label="Reservaciones"] [data-fila]').count();
      for (let n = 2; n <= 8; n++) {
        const siguiente = pagina.waitForResponse((r) => esLista(r, 'todas') && new URL(r.url()).searchParams.get('page') === String(n));
        await caja.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
        await siguiente;
        assert.ok((await filasEnDom()) <= 40, `page ${n}: ${await filasEnDom()} rows in the DOM`);
      }
      // The rows loaded so far are all reachable, in order: the last one sits at the bottom.
      await caja.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await pagina.locator('a[data-reservacion="v799"]').waitFor();
      assert.ok((await filasEnDom()) <= 40);
      await caja.evaluate((el) => el.scrollTo({ top: 0 }));
      await pagina.locator('a[data-reservacion="v0"]').waitFor();
      assert.ok((await filasEnDom()) <= 40);
      assert.deepEqual(paginas, Array.from({ length: Math.max(...paginas) }, (_, i) => i + 1), 'each page asked once, in order');
    } finally {
      await pagina.unrouteAll();
    }
  });
});
