// Vitest runs in Node, where the core cannot be fetched: instantiate its three modules (the
// login's check, the rules and the QR decoder) from their files instead, once per test file, before any test calls one.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initSync as initSyncAcceso } from '../wasm/acceso/anfitrion_wasm.js';
import { initSync } from '../wasm/pkg/anfitrion_wasm.js';
import { initSync as initSyncQr } from '../wasm/qr/anfitrion_wasm_qr.js';

// Resolved with node:path, not `new URL`: under the happy-dom environment `URL` is the DOM's.
const wasm = join(dirname(fileURLToPath(import.meta.url)), '..', 'wasm');
initSyncAcceso({ module: readFileSync(join(wasm, 'acceso', 'anfitrion_wasm_bg.wasm')) });
initSync({ module: readFileSync(join(wasm, 'pkg', 'anfitrion_wasm_bg.wasm')) });
initSyncQr({ module: readFileSync(join(wasm, 'qr', 'anfitrion_wasm_qr_bg.wasm')) });
