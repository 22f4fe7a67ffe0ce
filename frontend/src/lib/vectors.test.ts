// The shared vectors of core/tests/vectors, run through the WebAssembly build: the same file the
// Rust tests read, so the browser and the server give the same answer to the same input. The
// functions the login's build exports (the crate without `consola`) run through it as well.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as acceso from '../wasm/acceso/anfitrion_wasm.js';
import * as core from '../wasm/pkg/anfitrion_wasm.js';

core.initSync({ module: readFileSync(new URL('../wasm/pkg/anfitrion_wasm_bg.wasm', import.meta.url)) });
acceso.initSync({ module: readFileSync(new URL('../wasm/acceso/anfitrion_wasm_bg.wasm', import.meta.url)) });

interface Caso {
  nombre: string;
  funcion: string;
  args: unknown[];
  esperado: { ok?: unknown; error?: string; campo?: string };
}

const carpeta = new URL('../../../core/tests/vectors/', import.meta.url);
const archivos = readdirSync(carpeta).filter((f) => f.endsWith('.json'));
type Modulo = Record<string, (...args: unknown[]) => unknown>;

function llamar(caso: Caso, modulo: Modulo = core as unknown as Modulo): Caso['esperado'] {
  const fn = modulo[caso.funcion];
  if (typeof fn !== 'function') throw new Error(`el núcleo WASM no exporta ${caso.funcion}`);
  try {
    return { ok: fn(...caso.args) ?? null };
  } catch (e) {
    const { mensaje, campo } = e as { mensaje: string; campo: string | null };
    return campo ? { error: mensaje, campo } : { error: mensaje };
  }
}

it('finds the shared vector files', () => {
  expect(archivos).toEqual(expect.arrayContaining(['comanda.json', 'promos.json', 'personal.json', 'tiempo.json', 'reservacion.json', 'cuenta.json']));
});

for (const archivo of archivos) {
  const { casos } = JSON.parse(readFileSync(new URL(archivo, carpeta), 'utf8')) as { casos: Caso[] };
  describe(archivo, () => {
    it.each(casos.map((c) => [c.nombre, c] as const))('%s', (_nombre, caso) => {
      expect(llamar(caso)).toEqual(caso.esperado);
    });
  });
}

describe("the login's module", () => {
  const deAcceso = archivos.flatMap((archivo) =>
    (JSON.parse(readFileSync(new URL(archivo, carpeta), 'utf8')) as { casos: Caso[] }).casos.filter((c) => c.funcion in acceso),
  );
  it('runs the login vectors', () => expect(deAcceso.length).toBeGreaterThan(3));
  it.each(deAcceso.map((c) => [c.nombre, c] as const))('%s', (_nombre, caso) => {
    expect(llamar(caso, acceso as unknown as Modulo)).toEqual(caso.esperado);
  });
});
