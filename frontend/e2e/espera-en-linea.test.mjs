// The waitlist from the guest's phone against the real server: at 390 px a guest follows the
// poster's link to the branch's join page, joins, lands on their own page and watches their
// place move, without a reload, as the host seats the party ahead; the host's list shows the
// party "en línea" and the bell rings; "Ya no voy" asks once and frees the place, and the host's
// list follows. The door's tablet clears itself 20 s after a join. A page with another
// party's secret says the link is not valid.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { CUENTAS, entrar, llamarApi, prepararSuite } from './navegador.mjs';

let servidor;
let pagina;

prepararSuite((s) => ({ servidor, pagina } = s));

const CAPTURAS = new URL('../../target/capturas-espera/', import.meta.url);
async function foto(p, nombre) {
  await mkdir(CAPTURAS, { recursive: true });
  await p.waitForTimeout(250);
  await p.screenshot({ path: new URL(`${nombre}.png`, CAPTURAS).pathname, fullPage: true });
}

const lista = (p) => p.getByTestId('lista-espera');
const fila = (p, nombre) => lista(p).locator('li[data-espera]').filter({ has: p.locator('[data-campo="nombre"]', { hasText: nombre }) });

describe('the waitlist from the phone', () => {
  test('a guest joins at 390 px, follows their place live as the host works the list, and leaves with "Ya no voy"', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const delante = await llamarApi(servidor, '/v1/admin/espera', { token, method: 'POST', body: { tag, name: 'Familia Pérez', personas: 4 } });
    assert.equal(delante.status, 201, delante.body.message);
    await pagina.goto(`${servidor.base}/walkin/registrar`);
    await fila(pagina, 'Familia Pérez').waitFor();

    const huesped = await pagina.context().newPage();
    try {
      await huesped.setViewportSize({ width: 390, height: 844 });
      // The poster's QR holds the join page at the server's public address; here the same path
      // is opened on the test server.
      await huesped.goto(`${servidor.base}/espera/${tag}/cartel`);
      const enlace = new URL(await huesped.getByTestId('url-cartel').innerText());
      assert.equal(enlace.pathname, `/espera/${tag}`);
      await huesped.goto(`${servidor.base}${enlace.pathname}`);
      await huesped.getByRole('heading', { name: /^Lista de espera · / }).waitFor();
      await huesped.getByTestId('esperando-ahora').getByText('Hay 1 grupo esperando mesa.').waitFor();
      await foto(huesped, 'unirse-390');
      // A number of another length is refused in Spanish, on its box, and nothing is written.
      await huesped.getByLabel('Nombre').fill('Ana Ruiz');
      await huesped.getByLabel('Celular').fill('55 1234');
      await huesped.getByLabel('Personas').selectOption('2');
      await huesped.getByRole('button', { name: 'Anotarme en la lista' }).click();
      await huesped.getByTestId('error-espera').getByText('Un teléfono de México lleva 10 dígitos después de la lada +52.').waitFor();
      assert.equal(await huesped.getByLabel('Celular').getAttribute('aria-invalid'), 'true');
      await huesped.getByLabel('Celular').fill('55 1234 5678');
      await huesped.getByRole('button', { name: 'Anotarme en la lista' }).click();
      await huesped.waitForURL((u) => u.pathname.startsWith(`/espera/${tag}/turno/`) && u.searchParams.has('t'));
      const estado = huesped.getByTestId('estado-turno');
      await estado.getByTestId('posicion').getByText('2', { exact: true }).waitFor();
      await estado.getByText('1 grupo delante de ti').waitFor();
      await huesped.getByTestId('en-vivo').getByText('En vivo: esta página se actualiza sola.').waitFor();
      assert.equal(await huesped.title(), 'Tu lugar en la lista de espera');
      assert.ok(!(await huesped.content()).includes('Pérez'), 'nothing of the party ahead');
      await foto(huesped, 'turno-390');

      // The host's list shows the guest "en línea", live, and the bell rang for it.
      const suya = fila(pagina, 'Ana Ruiz');
      await suya.locator('[data-marca="en-linea"]').getByText('en línea').waitFor();
      await pagina.getByRole('button', { name: /^Notificaciones, \d+ sin leer/ }).click();
      const aviso = pagina.getByTestId('panel-notificaciones').locator('[data-notificacion]').filter({ hasText: 'Nuevo grupo en la lista de espera' });
      await aviso.filter({ hasText: 'Ana Ruiz · 2 personas · en línea' }).waitFor();
      await pagina.keyboard.press('Escape');

      // The host seats the party ahead (its walk-in's save): the guest's page moves within 5 s,
      // without a reload.
      const navegaciones = [];
      huesped.on('framenavigated', (f) => f === huesped.mainFrame() && navegaciones.push(f.url()));
      const mesero = (await llamarApi(servidor, '/v1/admin/meseros', { token, query: { tag } })).body.data[0]._id;
      const libre = (await llamarApi(servidor, '/v1/admin/salon', { token, query: { tag } })).body.data.mesas.find((m) => m.estado === 'libre' && m.asientos >= 4);
      const conteos = { no_personas: 4, buffet_adulto: 4, buffet_boy: 0, buffet_promo_adulto: 4, buffet_promo_girl: 0, buffet_promo_boy: 0, isAfter7pm: false };
      const sentado = await llamarApi(servidor, '/v1/admin/walkin', {
        token,
        method: 'POST',
        body: { tag_sucursal: tag, name: 'Familia Pérez', email: '', phone: '', evento: 'Ninguno', espera_id: delante.body.data._id, comanda: { mesa: String(libre.numero), mesero_id: mesero, ...conteos }, abre: { promo: [] } },
      });
      assert.equal(sentado.status, 201, sentado.body.message);
      await estado.getByText('Eres el siguiente grupo.').waitFor({ timeout: 5000 });
      await estado.getByTestId('posicion').getByText('1', { exact: true }).waitFor();
      assert.deepEqual(navegaciones, [], 'the page moved without a reload');

      // "Ya no voy" asks once; "Me quedo" keeps the place, the second time frees it.
      await huesped.getByRole('button', { name: 'Ya no voy' }).click();
      await huesped.getByRole('button', { name: 'Me quedo en la lista' }).click();
      await huesped.getByRole('button', { name: 'Ya no voy' }).click();
      await huesped.getByRole('button', { name: 'Sí, ya no voy' }).click();
      await estado.getByText('Saliste de la lista de espera.').waitFor();
      await foto(huesped, 'turno-cerrado-390');
      await suya.waitFor({ state: 'detached' });
      await lista(pagina).getByText('Nadie espera mesa.').waitFor();

      // Another party's secret opens nothing.
      const url = new URL(huesped.url());
      url.searchParams.set('t', 'otro-secreto');
      await huesped.goto(url.toString());
      await huesped.getByRole('heading', { name: 'Este enlace no es válido' }).waitFor();
      await huesped.getByText('El enlace no es válido. Ábrelo tal como llegó en el mensaje.').waitFor();
    } finally {
      await huesped.close();
    }
  });

  test('the door tablet takes a party, shows its place and clears itself 20 s later; the poster prints the join QR', async () => {
    const tablet = await pagina.context().newPage();
    try {
      await tablet.clock.install();
      await tablet.setViewportSize({ width: 1024, height: 768 });
      const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
      const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
      await tablet.goto(`${servidor.base}/espera/${tag}/kiosco`);
      await tablet.getByLabel('Nombre').fill('Familia Kiosco');
      await tablet.getByLabel('Celular').fill('5512345678');
      await tablet.getByLabel('Personas').selectOption('3');
      await tablet.getByRole('button', { name: 'Anotarme en la lista' }).click();
      const listo = tablet.getByTestId('kiosco-listo');
      await listo.getByText('¡Listo! Ya estás en la lista.').waitFor();
      await foto(tablet, 'kiosco-listo-1024');
      // The tablet never opens the party's page: its secret stays off the shared screen.
      assert.equal(new URL(tablet.url()).pathname, `/espera/${tag}/kiosco`);
      const grupos = await llamarApi(servidor, '/v1/admin/espera', { token, query: { tag } });
      const suyo = grupos.body.data.find((g) => g.name === 'Familia Kiosco');
      assert.ok(suyo?.en_linea, 'the host sees the party, marked en línea');
      await listo.getByText(String(suyo.posicion), { exact: true }).waitFor();
      // Twenty seconds later the form is empty again, with nothing of that guest on screen.
      await tablet.clock.fastForward(20_000);
      await listo.waitFor({ state: 'detached' });
      assert.equal(await tablet.getByLabel('Nombre').inputValue(), '');
      assert.equal(await tablet.getByLabel('Celular').inputValue(), '');
      assert.ok(!(await tablet.content()).includes('Familia Kiosco'));
      await foto(tablet, 'kiosco-1024');

      await tablet.goto(`${servidor.base}/espera/${tag}/cartel`);
      const cartel = tablet.getByTestId('cartel-espera');
      await cartel.getByTestId('qr-cartel').locator('svg').waitFor();
      assert.match(await cartel.getByTestId('url-cartel').innerText(), new RegExp(`/espera/${tag}$`));
      await tablet.emulateMedia({ media: 'print' });
      await foto(tablet, 'cartel-impreso');
    } finally {
      await tablet.close();
    }
  });
});
