// Just enough PDF reading for the ticket tests: the pages' sizes and the text Chromium wrote
// (its streams are Flate-compressed and its glyphs mapped to Unicode by each font's ToUnicode map).
import { inflateSync } from 'node:zlib';

/** Every stream of the file, inflated when compressed. */
function flujos(pdf) {
  const texto = pdf.toString('latin1');
  const salida = [];
  const re = /<<([^]*?)>>\s*stream\r?\n/g;
  let m;
  while ((m = re.exec(texto))) {
    const inicio = m.index + m[0].length;
    const fin = texto.indexOf('endstream', inicio);
    const crudo = pdf.subarray(inicio, fin);
    try {
      salida.push((/FlateDecode/.test(m[1]) ? inflateSync(crudo) : crudo).toString('latin1'));
    } catch {
      // An image or a font program that is not text; nothing to read in it.
    }
  }
  return salida;
}

/** `[ancho, alto]` in points of each page, from its MediaBox. */
export function paginasPdf(pdf) {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [
    Number(m[3]) - Number(m[1]),
    Number(m[4]) - Number(m[2]),
  ]);
}

const hexACodigos = (hex) => hex.match(/.{4}/g)?.map((h) => parseInt(h, 16)) ?? [];

/** The text shown on the pages, one line per text run. */
export function textoPdf(pdf) {
  const todos = flujos(pdf);
  const mapa = new Map();
  for (const f of todos) {
    for (const [, bloque] of f.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
      for (const [, g, u] of bloque.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) mapa.set(parseInt(g, 16), String.fromCodePoint(...hexACodigos(u)));
    }
    for (const [, bloque] of f.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
      for (const [, a, z, u] of bloque.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
        for (let g = parseInt(a, 16), c = parseInt(u, 16); g <= parseInt(z, 16); g++, c++) mapa.set(g, String.fromCodePoint(c));
      }
    }
  }
  const lineas = [];
  for (const f of todos) {
    for (const m of f.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const hexes = m[1] !== undefined ? [...m[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => x[1]) : [m[2]];
      lineas.push(hexes.map((h) => hexACodigos(h).map((g) => mapa.get(g) ?? '').join('')).join(''));
    }
  }
  return lineas.join('\n');
}

/** 80 mm in PDF points (1 pt = 1/72 in). */
export const PUNTOS_80MM = (80 / 25.4) * 72;
