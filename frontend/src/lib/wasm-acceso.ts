// The login screen's rule, from the smallest WASM build of the core (the crate without its
// `consola` feature): the first load waits for this module and nothing else of the core.
import init, * as acceso from '../wasm/acceso/anfitrion_wasm.js';
import { regla, type Resultado } from './regla';

let cargando: Promise<void> | null = null;

/** Loads the login's module once; `main.tsx` awaits it before the first render. */
export function iniciarAcceso(): Promise<void> {
  cargando ??= init().then(() => undefined);
  return cargando;
}

/**
 * The login form's check before anything is sent: both fields typed and the e-mail well-formed.
 * Answers the e-mail as stored (trimmed, lower-case).
 */
export const validarCredenciales = (email: string, clave: string): Resultado<string> =>
  regla(() => acceso.validarCredenciales(email, clave));
