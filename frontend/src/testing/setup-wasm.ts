// Vitest runs in Node, where the core cannot be fetched: instantiate it from the file instead,
// once per test file, before any test calls a rule.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initSync } from '../wasm/pkg/anfitrion_wasm.js';

// Resolved with node:path, not `new URL`: under the happy-dom environment `URL` is the DOM's.
const aqui = dirname(fileURLToPath(import.meta.url));
initSync({ module: readFileSync(join(aqui, '..', 'wasm', 'pkg', 'anfitrion_wasm_bg.wasm')) });
