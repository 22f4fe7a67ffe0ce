// Helpers of the order tests (walk-in and attendance): toasts, keyboard moves and the printed PDF.
import assert from 'node:assert/strict';
import { paginasPdf, PUNTOS_80MM, textoPdf } from './pdf.mjs';

/**
 * Waits for the toast with exactly this text, checks it is shown once, and closes it (without the
 * mouse) so the same message later makes a new one.
 */
export async function toastUnico(pagina, texto, tipo = 'error') {
  const toast = pagina.locator(`[data-toast="${tipo}"]`).filter({ has: pagina.getByText(texto, { exact: true }) });
  await toast.first().waitFor();
  assert.equal(await toast.count(), 1, `one toast «${texto}»`);
  await toast.evaluate((el) => el.querySelector('button')?.click());
  await toast.waitFor({ state: 'detached' });
}

/** What has the focus: its name attribute, role, text and checked state. */
export function foco(pagina) {
  return pagina.evaluate(() => {
    const el = document.activeElement;
    return {
      name: el?.getAttribute('name') ?? null,
      role: el?.getAttribute('role') ?? null,
      tag: el?.tagName ?? null,
      texto: (el?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      checked: el?.getAttribute('aria-checked'),
    };
  });
}

const coincide = (f, buscado) => Object.entries(buscado).every(([k, v]) => (v instanceof RegExp ? v.test(f[k] ?? '') : f[k] === v));

/** Waits until the focus is on what `buscado` describes ({name}, {texto}, {role}, …). */
export async function esperarFoco(pagina, buscado) {
  const hasta = Date.now() + 5000;
  for (;;) {
    const f = await foco(pagina);
    if (coincide(f, buscado)) return f;
    if (Date.now() > hasta) assert.fail(`focus on ${JSON.stringify(buscado)}, found ${JSON.stringify(f)}`);
    await pagina.waitForTimeout(25);
  }
}

/** Presses Tab (Shift+Tab with `atras`) until the focus is on what `buscado` describes. */
export async function tabHasta(pagina, buscado, { atras = false, max = 30 } = {}) {
  for (let i = 0; i < max; i++) {
    if (coincide(await foco(pagina), buscado)) return;
    await pagina.keyboard.press(atras ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`Tab never reached ${JSON.stringify(buscado)} (at ${JSON.stringify(await foco(pagina))})`);
}

/** Replaces the focused box's value by typing. */
export async function reemplazar(pagina, valor) {
  await pagina.keyboard.press('Control+A');
  await pagina.keyboard.type(valor);
}

/**
 * The ticket in the print root, printed to PDF by Chromium as a person would print it: print
 * media and the page size the stylesheet asks for. Answers the page sizes and the text.
 */
export async function imprimirPdf(pagina, tipo) {
  await pagina.locator(`[data-testid="raiz-impresion"][data-imprimiendo="${tipo}"]`).waitFor({ state: 'attached' });
  assert.ok((await pagina.evaluate(() => window.__impresiones)) > 0, 'the button opened the print dialog');
  await pagina.emulateMedia({ media: 'print' });
  try {
    const pdf = await pagina.pdf({ preferCSSPageSize: true, printBackground: true });
    return { paginas: paginasPdf(pdf), texto: textoPdf(pdf) };
  } finally {
    await pagina.emulateMedia({ media: 'screen' });
  }
}

/** One page, 80 mm wide (a tolerance of a point for Chromium's rounding to whole pixels). */
export function esTicket80mm(paginas) {
  assert.equal(paginas.length, 1, `one page, got ${paginas.length}`);
  const [ancho] = paginas[0];
  assert.ok(Math.abs(ancho - PUNTOS_80MM) <= 1, `page ${ancho} pt wide, 80 mm is ${PUNTOS_80MM.toFixed(1)} pt`);
}

/** A word as printed, whatever runs or letter spacing split it into. */
export const impreso = (palabra) => new RegExp([...palabra].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*'));

/**
 * Picks an option of the focused select with the arrow keys (as a keyboard user does; typing its
 * first letter would depend on how long ago the last letter was typed).
 */
export async function elegirConFlechas(pagina, texto) {
  const { actual, destino } = await pagina.evaluate((t) => {
    const s = document.activeElement;
    if (!(s instanceof HTMLSelectElement)) return { actual: -1, destino: -1 };
    return { actual: s.selectedIndex, destino: [...s.options].findIndex((o) => o.text.trim() === t) };
  }, texto);
  assert.ok(destino >= 0, `the focused select offers «${texto}»`);
  for (let i = actual; i !== destino; i += destino > actual ? 1 : -1) await pagina.keyboard.press(destino > actual ? 'ArrowDown' : 'ArrowUp');
  const elegido = await pagina.evaluate(() => {
    const s = document.activeElement;
    return s instanceof HTMLSelectElement ? s.options[s.selectedIndex]?.text.trim() : null;
  });
  assert.equal(elegido, texto);
}
