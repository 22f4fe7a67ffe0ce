import { describe, expect, it } from 'vitest';
import { paginasDe } from './PantallaAdmin';

describe('paginasDe', () => {
  it('cuenta las páginas del total con el límite que respondió el servidor', () => {
    expect(paginasDe({ total: 101, limit: 50 }, 20)).toBe(3);
    expect(paginasDe({ total: 100, limit: 50 }, 20)).toBe(2);
  });
  it('usa el tamaño de página propio si el servidor no dio límite, y nunca baja de una', () => {
    expect(paginasDe({ total: 41, limit: 0 }, 20)).toBe(3);
    expect(paginasDe({ total: 0, limit: 50 }, 20)).toBe(1);
    expect(paginasDe(undefined, 20)).toBe(1);
  });
});
