// The booking widget's first load: the bytes a guest's browser fetches for /widget/{tag} before
// the form can be sent (its HTML, the scripts and styles it names and imports, and the WASM core
// those scripts load), each compressed with gzip as a server would send it.
// Usage: node scripts/bench-widget.mjs [frontend/dist]   (after the frontend is built)
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const raiz = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'frontend', 'dist'));
const html = join(raiz, 'widget.html');
if (!existsSync(html)) {
  console.error(`No existe ${html}: construye el frontend antes (cd frontend && npm run build).`);
  process.exit(1);
}

const gzip = (b) => gzipSync(b, { level: 9 }).length;
const archivos = new Map(); // path inside dist → raw bytes

/** A root-relative asset path from an HTML attribute or a module specifier. */
function agregar(ruta) {
  const limpia = ruta.replace(/^\//, '').split(/[?#]/)[0];
  if (archivos.has(limpia)) return false;
  archivos.set(limpia, readFileSync(join(raiz, limpia)));
  return true;
}

const texto = readFileSync(html, 'utf8');
archivos.set('widget.html', Buffer.from(texto));
const pendientes = [];
for (const m of texto.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)) {
  if (agregar(m[1]) && m[1].endsWith('.js')) pendientes.push(m[1].replace(/^\//, ''));
}
// Static imports between chunks, and the WASM the glue fetches (new URL(`/assets/….wasm`, …)).
while (pendientes.length > 0) {
  const js = pendientes.pop();
  const codigo = archivos.get(js).toString('utf8');
  for (const m of codigo.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) {
    const ruta = `assets/${m[1]}`;
    if (agregar(ruta)) pendientes.push(ruta);
  }
  for (const m of codigo.matchAll(/["'`](\/?assets\/[^"'`]+\.wasm)["'`]/g)) agregar(m[1]);
}

const filas = [...archivos].map(([ruta, bytes]) => ({ ruta, crudo: bytes.length, gz: gzip(bytes) }));
const kb = (n) => (n / 1024).toFixed(1);
for (const f of filas.sort((a, b) => b.gz - a.gz)) console.log(`  ${f.ruta.padEnd(48)} ${kb(f.crudo).padStart(8)} KB  ${kb(f.gz).padStart(7)} KB gzip`);
const total = filas.reduce((s, f) => s + f.gz, 0);
const sinWasm = filas.filter((f) => !f.ruta.endsWith('.wasm')).reduce((s, f) => s + f.gz, 0);
console.log(`Widget: primera carga ${kb(total)} KB gzip (${kb(sinWasm)} KB antes de poder mostrarse; el resto es el núcleo WASM, que carga en paralelo)`);
