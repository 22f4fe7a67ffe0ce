import { describe, expect, it } from 'vitest';
import { alternarDia, datosDe, formularioDe, paginaDe, paginaDeId, textoDias, textoFechas, textoVigencia, totalPaginas } from './vigencia';

describe('promotion validity as read', () => {
  it('reads no weekdays or all seven as every day', () => {
    expect(textoDias([])).toBe('Todos los días');
    expect(textoDias([7, 1, 2, 3, 4, 5, 6])).toBe('Todos los días');
  });
  it('reads three or more consecutive weekdays as a run and others as a list, Monday first', () => {
    expect(textoDias([5, 1, 2, 3, 4])).toBe('Lun a Vie');
    expect(textoDias([4, 2])).toBe('Mar, Jue');
    expect(textoDias([6, 7])).toBe('Sáb, Dom');
    expect(textoDias([2, 2, 9])).toBe('Mar');
  });
  it('reads the date window open on either side', () => {
    expect(textoFechas(null, null)).toBeNull();
    expect(textoFechas('2026-01-05', null)).toBe('Desde el 05, ene 2026');
    expect(textoFechas(null, '2026-12-31')).toBe('Hasta el 31, dic 2026');
    expect(textoFechas('2026-02-14', '2026-02-14')).toBe('Solo el 14, feb 2026');
    expect(textoVigencia({ desde: '2026-01-05', hasta: '2026-01-31', dias: [2] })).toBe('Del 05, ene 2026 al 31, ene 2026 · Mar');
  });
});

describe('the promotion form', () => {
  it('sends trimmed texts, empty dates as none and each weekday once in order', () => {
    const f = { ...formularioDe(null), name: '  2x1 ', descripcion: ' Martes ', dias: [3, 1, 3], desde: '', hasta: '2026-03-01' };
    expect(datosDe(f)).toEqual({ name: '2x1', descripcion: 'Martes', activa: true, desde: null, hasta: '2026-03-01', dias: [1, 3], pide_nombres: false });
  });
  it('toggles a weekday in and out keeping the order', () => {
    expect(alternarDia([1, 5], 3)).toEqual([1, 3, 5]);
    expect(alternarDia([1, 3, 5], 3)).toEqual([1, 5]);
  });
});

describe('the promotions table pages (three a page)', () => {
  const lista = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  it('cuts three rows a page and counts the pages', () => {
    expect(totalPaginas(0)).toBe(1);
    expect(totalPaginas(7)).toBe(3);
    expect(paginaDe(lista, 1).filas).toEqual(['a', 'b', 'c']);
    expect(paginaDe(lista, 3).filas).toEqual(['g']);
  });
  it('falls back to the last page when the list shrank under the current one', () => {
    expect(paginaDe(['a', 'b', 'c'], 2)).toEqual({ filas: ['a', 'b', 'c'], pagina: 1 });
  });
});

describe('the page of a promotion', () => {
  const lista = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((_id) => ({ _id }));
  it('is the one its place in the list falls on, three a page', () => {
    expect(paginaDeId(lista, 'a')).toBe(1);
    expect(paginaDeId(lista, 'c')).toBe(1);
    expect(paginaDeId(lista, 'd')).toBe(2);
    expect(paginaDeId(lista, 'g')).toBe(3);
  });
  it('is none for a promotion the list does not hold', () => {
    expect(paginaDeId(lista, 'z')).toBeNull();
    expect(paginaDeId([], 'a')).toBeNull();
  });
});
