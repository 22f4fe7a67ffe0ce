// On a server without e-mail or phone messages set up (as the tests' demo runs), no screen
// promises a message that cannot leave: the waitlist offers "Llamar" with the party's number in
// place of "Avisar" (and the server refuses a call, queueing nothing), and the settings tell a
// manager what is missing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CUENTAS, entrar, llamarApi, prepararSuite } from './navegador.mjs';

let servidor;
let pagina;

prepararSuite((s) => ({ servidor, pagina } = s));

describe('channels that are not set up', () => {
  test('the waitlist offers Llamar with the number, never Avisar, and a call through the API sends nothing', async () => {
    const { token } = await entrar(pagina, servidor.base, CUENTAS.hostess);
    const tag = await pagina.evaluate(() => localStorage.getItem('sucursal'));
    const r = await llamarApi(servidor, '/v1/admin/espera', { token, method: 'POST', body: { tag, name: 'Familia Llamada', phone: '52 55 1234 5678', personas: 2 } });
    assert.equal(r.status, 201, r.body.message);
    await pagina.goto(`${servidor.base}/hostes`);
    const fila = pagina.getByTestId('lista-espera').locator('li[data-espera]').filter({ hasText: 'Familia Llamada' });
    const llamar = fila.getByRole('link', { name: 'Llamar a Familia Llamada' });
    await llamar.waitFor();
    assert.equal(await llamar.getAttribute('href'), 'tel:+525512345678');
    assert.equal(await fila.getByRole('button', { name: 'Avisar a Familia Llamada' }).count(), 0);
    const avisar = await llamarApi(servidor, `/v1/admin/espera/${r.body.data._id}/avisar`, { token, method: 'POST' });
    assert.equal(avisar.status, 409, avisar.body.message);
    assert.equal(avisar.body.message, 'Este servidor no tiene servicio de mensajes: no se envió nada. Llame al grupo al +525512345678.');
    assert.equal(await fila.locator('[data-campo="aviso"]').count(), 0, 'the row never says «Avisado»');
  });

  test('a manager reads on the settings that e-mail and phone messages are not set up', async () => {
    await entrar(pagina, servidor.base, CUENTAS.gerente);
    await pagina.goto(`${servidor.base}/conf-walkin`);
    const aviso = pagina.getByTestId('aviso-canales');
    await aviso.waitFor();
    const texto = await aviso.innerText();
    assert.match(texto, /El correo no está configurado en este servidor/);
    assert.match(texto, /en la lista de espera «Avisar» se vuelve «Llamar»/);
  });
});
