// QR decoder benchmark through the WebAssembly build, as the browser runs it.
// Usage: node scripts/bench-qr.mjs FRAMES_DIR
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const raiz = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(raiz, 'frontend/src/wasm/pkg');
const wasm = await import(join(pkg, 'anfitrion_wasm.js'));
const bytes = readFileSync(join(pkg, 'anfitrion_wasm_bg.wasm'));
wasm.initSync({ module: bytes });

const dir = process.argv[2];
const manifiesto = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
const REPETICIONES = 5;
const mediana = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const porCategoria = new Map();
const tiempos = [];
let aciertos = 0;
for (const c of manifiesto) {
  const luma = new Uint8Array(readFileSync(join(dir, c.archivo)));
  wasm.decodeQr(luma, c.ancho, c.alto); // warm-up
  const ms = [];
  let leido;
  for (let i = 0; i < REPETICIONES; i++) {
    const t0 = performance.now();
    leido = wasm.decodeQr(luma, c.ancho, c.alto) ?? null;
    ms.push(performance.now() - t0);
  }
  const bien = leido === c.esperado;
  aciertos += bien ? 1 : 0;
  const m = mediana(ms);
  tiempos.push(m);
  const cat = porCategoria.get(c.categoria) ?? { bien: 0, total: 0, ms: [] };
  cat.bien += bien ? 1 : 0;
  cat.total += 1;
  cat.ms.push(m);
  porCategoria.set(c.categoria, cat);
}

console.log(`QR (WASM, ${manifiesto[0].ancho}x${manifiesto[0].alto} luma, mediana de ${REPETICIONES} por cuadro)`);
for (const [nombre, c] of porCategoria) {
  console.log(`  ${nombre.padEnd(16)} ${String(c.bien).padStart(2)}/${c.total}  ${mediana(c.ms).toFixed(1).padStart(6)} ms`);
}
console.log(`  ${'total'.padEnd(16)} ${aciertos}/${manifiesto.length} correctos, mediana ${mediana(tiempos).toFixed(1)} ms por cuadro`);
console.log(`  wasm ${(bytes.length / 1024).toFixed(0)} KiB, gzip ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(0)} KiB`);
