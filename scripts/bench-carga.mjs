// The console's first load: /login opened in a fresh headless Chromium against the `anfitrion`
// binary (which embeds the built console and gzips what it serves), counting the bytes that
// crossed the wire — compressed, as a slow line pays for them — until the page is at rest.
// Usage: ANFITRION_BIN=target/release/anfitrion node scripts/bench-carga.mjs [LIMITE_KB]
// Exits non-zero when the total is over LIMITE_KB (250 unless told).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = join(dirname(fileURLToPath(import.meta.url)), '..');
process.env.ANFITRION_E2E_FRONT = 'binario';
process.env.ANFITRION_BIN ??= join(raiz, 'target/release/anfitrion');
const { iniciarServidor } = await import(join(raiz, 'frontend/e2e/servidor.mjs'));
const { abrirNavegador, seguirRed, enReposo } = await import(join(raiz, 'frontend/e2e/navegador.mjs'));

const limiteKb = Number(process.argv[2] ?? 250);
const servidor = await iniciarServidor();
const navegador = await abrirNavegador();
try {
  const pagina = navegador.contexto.pages()[0] ?? (await navegador.contexto.newPage());
  seguirRed(pagina);
  const respuestas = [];
  pagina.on('requestfinished', (r) => respuestas.push(r));
  await pagina.goto(`${servidor.base}/login`);
  // The form is drawn and core's rules answer before it can be sent.
  await pagina.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
  await enReposo(pagina);

  const porTipo = { html: 0, js: 0, css: 0, wasm: 0, fuentes: 0, otro: 0 };
  const filas = [];
  for (const r of respuestas) {
    const { responseBodySize, responseHeadersSize } = await r.sizes();
    const respuesta = await r.response();
    const tipo = respuesta?.headers()['content-type'] ?? '';
    const codificacion = respuesta?.headers()['content-encoding'] ?? 'identity';
    const clase = tipo.includes('html')
      ? 'html'
      : tipo.includes('javascript')
        ? 'js'
        : tipo.includes('css')
          ? 'css'
          : tipo.includes('wasm')
            ? 'wasm'
            : tipo.includes('font')
              ? 'fuentes'
              : 'otro';
    porTipo[clase] += responseBodySize;
    filas.push({ ruta: new URL(r.url()).pathname, clase, bytes: responseBodySize, cabeceras: responseHeadersSize, codificacion });
  }
  const kb = (b) => (b / 1024).toFixed(1);
  const total = Object.values(porTipo).reduce((a, b) => a + b, 0);
  for (const f of filas.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${kb(f.bytes).padStart(7)} KB  ${f.codificacion.padEnd(8)} ${f.ruta}`);
  }
  const otro = `, fuentes ${kb(porTipo.fuentes)}, otro ${kb(porTipo.otro)}`;
  console.log(
    `Consola /login: primera carga ${kb(total)} KB gzip (html ${kb(porTipo.html)}, js ${kb(porTipo.js)}, css ${kb(porTipo.css)}, wasm ${kb(porTipo.wasm)}${otro}) en ${respuestas.length} respuestas`,
  );
  if (total > limiteKb * 1024) {
    console.error(`La primera carga pasa de ${limiteKb} KB gzip.`);
    process.exitCode = 1;
  }
} finally {
  await navegador.cerrar();
  await servidor.cerrar();
}
