// QR decoders compared in one Node process on the same frames: core (its WebAssembly build, as
// the camera's worker runs it), zxing-wasm (zxing-cpp compiled to WebAssembly, its .wasm read
// from node_modules) and jsQR. Both libraries are development dependencies of the console used
// only here. Per kind of frame: codes read, wrong reads (another text, or a text where there is
// no code), median and worst milliseconds per frame (jsQR's from a single cold read), and core's
// figures as a ratio to zxing's.
// Usage: node scripts/bench-qr.mjs FRAMES_DIR
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const raiz = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(raiz, 'frontend/src/wasm/qr');
const core = await import(join(pkg, 'anfitrion_wasm_qr.js'));
const bytes = readFileSync(join(pkg, 'anfitrion_wasm_qr_bg.wasm'));
core.initSync({ module: bytes });

const requerir = createRequire(join(raiz, 'frontend/package.json'));
const zxing = await import(requerir.resolve('zxing-wasm/reader'));
const zxingWasm = readFileSync(join(raiz, 'frontend/node_modules/zxing-wasm/dist/reader/zxing_reader.wasm'));
// The library would fetch its .wasm from a CDN; it gets the installed file instead.
await zxing.prepareZXingModule({ overrides: { wasmBinary: zxingWasm.buffer.slice(zxingWasm.byteOffset, zxingWasm.byteOffset + zxingWasm.byteLength) }, fireImmediately: true });
const jsQR = requerir('jsqr');

const dir = process.argv[2];
const manifiesto = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
const REPETICIONES = 3;
const mediana = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const opcionesZxing = { formats: ['QRCode'], maxNumberOfSymbols: 1 };
const decodificadores = {
  core: { leer: async (c) => core.decodeQr(c.luma, c.ancho, c.alto) ?? null },
  zxing: {
    leer: async (c) => (await zxing.readBarcodes(c.imagen, opcionesZxing))[0]?.text ?? null,
  },
  jsqr: { leer: async (c) => jsQR(c.imagen.data, c.ancho, c.alto, { inversionAttempts: 'attemptBoth' })?.data ?? null },
};

// Per decoder, per kind: { bien, mal, total, ms[] }.
const resultados = Object.fromEntries(Object.keys(decodificadores).map((d) => [d, new Map()]));
const categorias = [];
for (const c of manifiesto) {
  const luma = new Uint8Array(readFileSync(join(dir, c.archivo)));
  // What a canvas gives: RGBA. zxing and jsQR take it; core takes the luma the worker derives.
  const rgba = new Uint8ClampedArray(luma.length * 4);
  for (let i = 0; i < luma.length; i++) {
    rgba[4 * i] = rgba[4 * i + 1] = rgba[4 * i + 2] = luma[i];
    rgba[4 * i + 3] = 255;
  }
  const cuadro = { luma, ancho: c.ancho, alto: c.alto, imagen: { data: rgba, width: c.ancho, height: c.alto, colorSpace: 'srgb' } };
  const aceptados = c.aceptados ?? (c.esperado ? [c.esperado] : []);
  if (!categorias.includes(c.categoria)) categorias.push(c.categoria);
  for (const [nombre, d] of Object.entries(decodificadores)) {
    // jsQR is read once a frame (it is the slowest by far, and only its reads are compared).
    const veces = nombre === 'jsqr' ? 1 : REPETICIONES;
    if (veces > 1) await d.leer(cuadro); // warm-up
    const ms = [];
    let leido = null;
    for (let i = 0; i < veces; i++) {
      const t0 = performance.now();
      leido = await d.leer(cuadro);
      ms.push(performance.now() - t0);
    }
    const cat = resultados[nombre].get(c.categoria) ?? { bien: 0, mal: 0, total: 0, ms: [], conCodigo: aceptados.length > 0 };
    if (leido !== null && aceptados.includes(leido)) cat.bien += 1;
    else if (leido !== null) cat.mal += 1;
    cat.total += aceptados.length > 0 ? 1 : 0;
    cat.ms.push(mediana(ms));
    resultados[nombre].set(c.categoria, cat);
  }
}

const f = (x) => x.toFixed(1).padStart(6);
const r = (a, b) => (b > 0 ? (a / b).toFixed(2) : '—').padStart(5);
const { ancho, alto } = manifiesto[0];
console.log(`QR en Node, mediana de ${REPETICIONES} lecturas por cuadro (${manifiesto.length} cuadros, ${ancho}x${alto} salvo 720x720)`);
console.log(
  `  ${'tipo'.padEnd(15)} ${'core'.padStart(9)} ${'zxing'.padStart(9)} ${'jsQR'.padStart(9)}   mal c/z/j   ms mediana core/zxing/jsQR (core÷zxing)   ms peor core/zxing (core÷zxing)`,
);
const fila = (nombre, cats) => {
  const [co, zx, jq] = ['core', 'zxing', 'jsqr'].map((d) => {
    const xs = cats.map((k) => resultados[d].get(k));
    return {
      bien: xs.reduce((a, x) => a + x.bien, 0),
      mal: xs.reduce((a, x) => a + x.mal, 0),
      total: xs.reduce((a, x) => a + x.total, 0),
      ms: xs.flatMap((x) => x.ms),
    };
  });
  const leidos = (x) => (x.total ? `${x.bien}/${x.total}` : `${x.bien}`).padStart(9);
  const [mc, mz, mj] = [co, zx, jq].map((x) => mediana(x.ms));
  const [pc, pz] = [co, zx].map((x) => Math.max(...x.ms));
  console.log(
    `  ${nombre.padEnd(15)} ${leidos(co)} ${leidos(zx)} ${leidos(jq)}   ${`${co.mal}/${zx.mal}/${jq.mal}`.padStart(9)}   ${f(mc)} ${f(mz)} ${f(mj)} (${r(mc, mz)})              ${f(pc)} ${f(pz)} (${r(pc, pz)})`,
  );
  return { co, zx };
};
for (const k of categorias) fila(k, [k]);
const conCodigo = categorias.filter((k) => resultados.core.get(k).conCodigo);
const sinCodigo = categorias.filter((k) => !resultados.core.get(k).conCodigo);
fila('con código', conCodigo);
fila('sin código', sinCodigo);
fila('total', categorias);
console.log(`  wasm de core (decodificador) ${(bytes.length / 1024).toFixed(0)} KiB, gzip ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(0)} KiB`);
