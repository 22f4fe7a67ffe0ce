// A server that is not a demonstration and was not told the public address of its booking pages
// (--url-publica) queues no message whose links would lead to localhost: the booking form and its
// confirmation do not promise an e-mail, nothing waits in the outbox, the operator was told once at
// start what to set, and a manager reads it on the settings. The same database served as a
// demonstration (whose links may point at this machine) promises the e-mail and queues it.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { abrirNavegador, CUENTAS, entrar, llamarApi, seguirRed } from './navegador.mjs';
import { CON_CORREO, iniciarServidor } from './servidor.mjs';

const TAG = 'polanco';
const AVISO = 'sin --url-publica (ANFITRION_URL_PUBLICA)';

let carpeta;
let servidor;
let navegador;
let pagina;

before(async () => {
  carpeta = await mkdtemp(join(tmpdir(), 'anfitrion-e2e-url-publica-'));
  navegador = await abrirNavegador();
  pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
  seguirRed(pagina);
});
after(async () => {
  await navegador?.cerrar();
  await servidor?.cerrar();
  if (carpeta) await rm(carpeta, { recursive: true, force: true });
});

/** The first day the branch's booking period offers a time for two, by the server's own dates. */
async function diaConHorario() {
  const { body } = await llamarApi(servidor, `/v1/public/sucursal/${TAG}`);
  const d = new Date(`${body.data.fecha_min}T12:00:00Z`);
  for (let i = 0; i < 14; i++, d.setUTCDate(d.getUTCDate() + 1)) {
    const fecha = d.toISOString().slice(0, 10);
    const r = await llamarApi(servidor, `/v1/public/sucursal/${TAG}/disponibilidad`, { query: { fecha, personas: '2' } });
    assert.equal(r.status, 200, r.body.message);
    if (r.body.data.horarios.length > 0) return `${fecha} ${r.body.data.horarios[0]}`;
  }
  throw new Error('no day of the coming two weeks offers a time');
}

/** Books for two through the public API; answers the booking's data. */
async function reservar(email) {
  const r = await llamarApi(servidor, '/v1/public/reservacion', {
    method: 'POST',
    body: { tag: TAG, name: 'Lucía Fernández', email, phone: '525511112222', fecha_hora: await diaConHorario(), no_personas: 2, origin: 'Widget' },
  });
  assert.equal(r.status, 201, r.body.message);
  return r.body.data;
}

/** What the booking form promises under its fields. */
async function promesaDelFormulario() {
  await pagina.goto(`${servidor.base}/reservacion/${TAG}`);
  const aviso = pagina.getByTestId('aviso-privacidad');
  await aviso.waitFor();
  return aviso.innerText();
}

test('a demonstration promises and queues the e-mail; the same database served for real without its public address does neither, and says what to set', async () => {
  servidor = await iniciarServidor({ carpeta, entorno: CON_CORREO });
  assert.match(await promesaDelFormulario(), /Te enviaremos la confirmación con tu código QR por correo\./);
  const demo = await reservar('demo.lucia@correo.mx');
  assert.match(servidor.bandeja(demo._id), /http:\/\/localhost:8080\/reservacion\/polanco\//, 'the demonstration links to this machine');
  assert.ok(!servidor.salida.join('').includes(AVISO), 'a demonstration is not warned');
  await servidor.cerrar();

  servidor = await iniciarServidor({ carpeta, entorno: CON_CORREO, demo: false });
  // The operator is told once, at start, what to set.
  const avisos = servidor.salida.join('').split(AVISO).length - 1;
  assert.equal(avisos, 1, servidor.salida.join(''));
  // The form does not promise an e-mail, and neither does the booking's confirmation.
  const promesa = await promesaDelFormulario();
  assert.match(promesa, /Al reservar verás tu código QR: guárdalo o tómale una captura\./);
  assert.ok(!promesa.includes('por correo'), promesa);
  const real = await reservar('real.lucia@correo.mx');
  assert.equal(servidor.bandeja(real._id), '', 'no e-mail with links to localhost waits in the outbox');
  await pagina.goto(`${servidor.base}${real.confirmacion}`);
  await pagina.getByText('Muestra este código QR al llegar: guárdalo o tómale una captura.').waitFor();
  assert.equal(await pagina.getByText('también te lo enviamos por correo').count(), 0);

  // A manager reads on the settings what is missing and who sets it.
  await entrar(pagina, servidor.base, CUENTAS.gerente);
  await pagina.goto(`${servidor.base}/conf-walkin`);
  const aviso = pagina.getByTestId('aviso-canales');
  await aviso.waitFor();
  const texto = await aviso.innerText();
  assert.match(texto, /Falta la dirección pública de las páginas de reservación: no se envían confirmaciones ni recordatorios/);
  assert.match(texto, /ANFITRION_URL_PUBLICA/);
  assert.ok(!texto.includes('El correo no está configurado'), 'e-mail itself is set up');
});
