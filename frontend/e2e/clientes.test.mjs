// The guest book and the affiliates against the real server: a guest who booked online and later
// walked in with the same e-mail written differently is one client whose page lists both visits
// (each opening its own record), shows the contact only to roles with reservacion.client, keeps
// its notes and takes in a duplicate; an affiliate's code on an online booking counts on its page.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CUENTAS, diaSucursal, enReposo, entrar, llamarApi, prepararSuite, registrarWalkin } from './navegador.mjs';

let servidor;
let pagina;

prepararSuite((s) => ({ servidor, pagina } = s));

/** Books like a guest on the public page: the next day that takes a booking at 15:00. */
async function reservarEnLinea(datos) {
  for (let dias = 1; dias <= 7; dias++) {
    const fecha_hora = `${diaSucursal(dias)} 15:00`;
    const { status, body } = await llamarApi(servidor, '/v1/public/reservacion', {
      method: 'POST',
      body: { phone: '', fecha_hora, no_personas: 2, evento: 'Ninguno', comentarios: '', origin: 'Widget', ...datos },
    });
    // The answer names the booking and its confirmation page; the time is the one sent.
    if (status === 201) return { ...body.data, fecha_hora };
    // A closed day refuses the time; a full one answers 409.
    assert.ok(status === 409 || body.data?.campo === 'fecha_hora', `${status}: ${body.message}`);
  }
  throw new Error('no day of the coming week accepts a booking at 15:00');
}

const tienePermiso = (sesion, nombre) => sesion.user.role.permissions.some((p) => p.name === nombre);

/** Searches the client list and opens the one row found. */
async function abrirCliente(nombre) {
  await pagina.goto(`${servidor.base}/clientes`);
  await pagina.getByRole('heading', { name: 'Clientes' }).waitFor();
  await pagina.getByLabel('Buscar clientes').fill(nombre);
  const fila = pagina.locator('tr[data-cliente]').filter({ hasText: nombre });
  await fila.waitFor();
  // A new client may already show in the unfiltered list: the search's answer is the one row.
  await pagina.waitForFunction(() => document.querySelectorAll('tr[data-cliente]').length === 1).catch(() => {});
  await enReposo(pagina);
  assert.equal(await pagina.locator('tr[data-cliente]').count(), 1, 'the search finds exactly this guest');
  const visitas = Number(await fila.locator('[data-campo="visitas"]').innerText());
  await fila.getByRole('link', { name: nombre }).click();
  await pagina.getByRole('heading', { name: nombre }).waitFor();
  return { visitas, id: decodeURIComponent(new URL(pagina.url()).pathname.split('/').pop()) };
}

describe('clients', () => {
  test("a guest's online booking and walk-in, the same e-mail written differently, are one client with both visits", async () => {
    const sesion = await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const sufijo = String(Date.now()).slice(-5);
    const nombre = `Lucía Visitas ${sufijo}`;
    const reservada = await reservarEnLinea({ tag, name: nombre, email: `Lucia.Visitas${sufijo}@Correo.MX` });
    const walkin = await registrarWalkin(servidor, sesion.token, tag, { name: nombre, email: `lucia.visitas${sufijo}@correo.mx` });

    const { visitas } = await abrirCliente(nombre);
    // The list counts the times the guest came (the walk-in; the booking is still to come); the
    // page lists both.
    assert.equal(visitas, 1, 'the list counts the walk-in as a visit, not the booking to come');
    const filas = pagina.locator('table[aria-label="Visitas"] tbody tr');
    await filas.first().waitFor();
    assert.equal(await filas.count(), 2);
    assert.equal(await pagina.locator('tr[data-visita="reservacion"]').count(), 1);
    assert.equal(await pagina.locator('tr[data-visita="walkin"]').count(), 1);
    assert.match(await pagina.locator('tr[data-visita="walkin"]').innerText(), /Cumpleaños/);
    assert.match(await pagina.locator('tr[data-visita="walkin"]').innerText(), /\b3\b/);
    const contacto = pagina.locator('[data-campo="email"]');
    if (tienePermiso(sesion, 'reservacion.client')) assert.match(await contacto.innerText(), new RegExp(`lucia\\.visitas${sufijo}@correo\\.mx`, 'i'));
    else assert.equal(await contacto.count(), 0);

    // Each visit opens its own record.
    await pagina.locator('tr[data-visita="reservacion"]').getByRole('link').click();
    await pagina.waitForURL((u) => u.pathname === `/reservaciones/todas/${reservada._id}`);
    await pagina.goBack();
    await pagina.locator('tr[data-visita="walkin"]').getByRole('link').click();
    await pagina.waitForURL((u) => u.pathname === `/walkin/todas/${walkin._id}`);
    await pagina.goBack();

    // Notes are kept.
    await pagina.getByLabel('Notas').fill('Prefiere terraza; alérgica a la nuez');
    const guardado = pagina.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/v1/admin/clientes/'));
    await pagina.getByRole('button', { name: 'Guardar' }).click();
    assert.equal((await guardado).status(), 200);
    await pagina.reload();
    await pagina.getByRole('heading', { name: nombre }).waitFor();
    await enReposo(pagina);
    assert.equal(await pagina.getByLabel('Notas').inputValue(), 'Prefiere terraza; alérgica a la nuez');
  });

  test('the contact shows only to a role with reservacion.client', async () => {
    const sufijo = String(Date.now()).slice(-5);
    const nombre = `Contacto Oculto ${sufijo}`;
    // Booked at a branch both accounts hold.
    const tag = 'polanco';
    await reservarEnLinea({ tag, name: nombre, email: `oculto${sufijo}@correo.mx` });
    const vieron = [];
    for (const cuenta of [CUENTAS.gerente, CUENTAS.mercadotecnia]) {
      const sesion = await entrar(pagina, servidor.base, cuenta);
      assert.ok(sesion.user.tags.includes(tag));
      await pagina.evaluate((t) => localStorage.setItem('sucursal', t), tag);
      await abrirCliente(nombre);
      await enReposo(pagina);
      const ve = tienePermiso(sesion, 'reservacion.client');
      assert.equal(await pagina.getByText(`oculto${sufijo}@correo.mx`).count(), ve ? 1 : 0, `${cuenta}: contact ${ve ? 'shown' : 'hidden'}`);
      // Without reservacion.index the reservation is listed but leads nowhere it may not go.
      const enlaces = await pagina.locator('tr[data-visita="reservacion"] a').count();
      assert.equal(enlaces, tienePermiso(sesion, 'reservacion.index') ? 1 : 0);
      vieron.push(ve);
      await pagina.evaluate(() => localStorage.clear());
    }
    assert.deepEqual(vieron, [true, false], 'the manager sees the contact, marketing does not');
  });

  test('merging a duplicate moves its visits into the client and removes it from the list', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const sufijo = String(Date.now()).slice(-5);
    const nombre = `Mateo Fusión ${sufijo}`;
    const duplicado = `M. Fusión ${sufijo}`;
    await reservarEnLinea({ tag, name: nombre, email: `mateo${sufijo}@correo.mx` });
    await reservarEnLinea({ tag, name: duplicado, email: `m.fusion${sufijo}@otro.mx` });

    await abrirCliente(nombre);
    await pagina.getByRole('button', { name: 'Fusionar' }).click();
    const dialogo = pagina.getByRole('dialog');
    await dialogo.getByLabel('Buscar el duplicado').fill(duplicado);
    await dialogo.getByRole('button', { name: new RegExp(duplicado) }).click();
    assert.match(await dialogo.innerText(), new RegExp(`Las reservaciones y walk-ins de ${duplicado} pasarán a ${nombre}`));
    await dialogo.getByRole('button', { name: 'Fusionar' }).click();
    await dialogo.waitFor({ state: 'detached' });
    await pagina.locator('table[aria-label="Visitas"] tbody tr').nth(1).waitFor();
    assert.equal(await pagina.locator('table[aria-label="Visitas"] tbody tr').count(), 2);

    await pagina.goto(`${servidor.base}/clientes`);
    await pagina.getByLabel('Buscar clientes').fill(duplicado);
    await pagina.getByText('Ningún cliente coincide con la búsqueda.').waitFor();
  });
});

describe('affiliates', () => {
  test("a reservation carrying an affiliate's code counts on the affiliate's page", async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const sufijo = String(Date.now()).slice(-5);
    const codigo = `HOTEL${sufijo}`;
    const nombre = `Hotel Prueba ${sufijo}`;

    await pagina.goto(`${servidor.base}/afiliados`);
    await pagina.getByRole('heading', { name: 'Afiliados' }).waitFor();
    await pagina.getByRole('button', { name: 'Nuevo afiliado' }).click();
    const dialogo = pagina.getByRole('dialog');
    await dialogo.getByLabel('Código').fill(codigo);
    await dialogo.getByLabel('Nombre', { exact: true }).fill(nombre);
    await dialogo.getByLabel('Tipo').selectOption('Hotel');
    await dialogo.getByLabel('Contacto').fill('Recepción, ext. 12');
    await dialogo.getByRole('button', { name: 'Crear afiliado' }).click();
    await dialogo.waitFor({ state: 'detached' });
    const fila = pagina.locator(`tr[data-afiliado="${codigo}"]`);
    await fila.waitFor();
    assert.match(await fila.innerText(), /Activo/);

    const huesped = `Huésped Afiliado ${sufijo}`;
    const reservada = await reservarEnLinea({ tag, name: huesped, email: `huesped${sufijo}@correo.mx`, afiliado: codigo });

    await fila.getByRole('link', { name: nombre, exact: true }).click();
    await pagina.getByRole('heading', { name: nombre }).waitFor();
    // The period reaches the coming week, where the booking is.
    await pagina.getByLabel('Hasta').fill(diaSucursal(8));
    const renglon = pagina.locator(`tr[data-reservacion="${reservada._id}"]`);
    await renglon.waitFor();
    assert.match(await renglon.innerText(), new RegExp(huesped));
    assert.equal(await pagina.locator('[data-cifra="total"]').innerText(), '1');
    assert.equal(await pagina.locator('[data-cifra="asistidas"]').innerText(), '0');
    // Nothing decided yet (the booking is still pending): no rate to show.
    assert.equal(await pagina.locator('[data-cifra="tasa"]').innerText(), '—');

    // A period that ends before the booking leaves it out.
    await pagina.getByLabel('Hasta').fill(diaSucursal(0));
    await pagina.getByText('Ninguna reservación con su código en este periodo.').waitFor();
    assert.equal(await pagina.locator('[data-cifra="total"]').innerText(), '0');

    // Deactivated after confirming: its code no longer books, and what it brought stays.
    await pagina.goto(`${servidor.base}/afiliados`);
    await fila.getByRole('button', { name: `Desactivar ${nombre}` }).click();
    await pagina.getByRole('dialog').getByRole('button', { name: 'Desactivar' }).click();
    await fila.getByText('Inactivo').waitFor();
    const rechazada = await llamarApi(servidor, '/v1/public/reservacion', {
      method: 'POST',
      body: { tag, name: `Otro Huésped ${sufijo}`, email: `otro${sufijo}@correo.mx`, fecha_hora: `${reservada.fecha_hora.slice(0, 10)} 15:00`, no_personas: 2, afiliado: codigo },
    });
    assert.equal(rechazada.status, 400);
    assert.equal(rechazada.body.data?.campo, 'afiliado', rechazada.body.message);
    await fila.getByRole('link', { name: nombre, exact: true }).click();
    await pagina.getByLabel('Hasta').fill(diaSucursal(8));
    await renglon.waitFor();
    assert.equal(await pagina.locator('[data-cifra="total"]').innerText(), '1');
  });
});
