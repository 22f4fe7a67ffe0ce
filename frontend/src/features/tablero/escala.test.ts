import { describe, expect, it } from 'vitest';
import { centroX, escalaY, gruposPorHora, horasCompletas, marcas, origenesTotales, porcentaje, techoBonito, trazo } from './escala';

describe('chart scaling', () => {
  it('rounds the maximum up to a nice ceiling', () => {
    expect(techoBonito(0)).toBe(1);
    expect(techoBonito(-3)).toBe(1);
    expect(techoBonito(1)).toBe(1);
    expect(techoBonito(3)).toBe(5);
    expect(techoBonito(7)).toBe(10);
    expect(techoBonito(13)).toBe(20);
    expect(techoBonito(46)).toBe(50);
    expect(techoBonito(0.25)).toBe(0.25);
    expect(techoBonito(101)).toBe(200);
  });
  it('spaces ticks evenly', () => {
    expect(marcas(20)).toEqual([0, 5, 10, 15, 20]);
    expect(marcas(1, 4)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(marcas(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(marcas(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
  it('maps values onto an upside-down axis and clamps', () => {
    expect(escalaY(0, 10, 100)).toBe(100);
    expect(escalaY(10, 10, 100)).toBe(0);
    expect(escalaY(5, 10, 100)).toBe(50);
    expect(escalaY(20, 10, 100)).toBe(0);
    expect(escalaY(-1, 10, 100)).toBe(100);
    expect(escalaY(3, 0, 100)).toBe(100);
  });
  it('centres slots and breaks lines at null', () => {
    expect(centroX(0, 4, 400)).toBe(50);
    expect(centroX(3, 4, 400)).toBe(350);
    expect(trazo([0, 10, null, 5], 10, 400, 100)).toBe('M50.00,100.00L150.00,0.00M350.00,50.00');
    expect(trazo([], 10, 400, 100)).toBe('');
  });
});

describe('dashboard helpers', () => {
  it('formats a rate as a percentage', () => {
    expect(porcentaje(0.25).replace(/\s/g, ' ')).toMatch(/^25 ?%$/);
    expect(porcentaje(null)).toBe('—');
  });
  it('fills the buffet hours', () => {
    const h = horasCompletas([{ clave: '14', total: 2 }, { clave: '22', total: 1 }]);
    expect(h.map((x) => x.clave)).toEqual(['13', '14', '15', '16', '17', '18', '19', '20', '21', '22']);
    expect(h.find((x) => x.clave === '14')?.total).toBe(2);
    expect(h.find((x) => x.clave === '13')?.total).toBe(0);
  });
  it('sums the waitlist\'s parties per hour over the days, the buffet hours filled', () => {
    const h = gruposPorHora([
      { hora: 14, grupos: 2 },
      { hora: 15, grupos: 1 },
      { hora: 14, grupos: 3 },
    ]);
    expect(h.find((x) => x.clave === '14')?.total).toBe(5);
    expect(h.find((x) => x.clave === '15')?.total).toBe(1);
    expect(h.map((x) => x.clave)).toEqual(['13', '14', '15', '16', '17', '18', '19', '20', '21']);
  });
  it('sums origins across days, biggest first', () => {
    expect(
      origenesTotales([{ origenes: [{ clave: 'Widget', total: 1 }] }, { origenes: [{ clave: 'Chatbot', total: 2 }, { clave: 'Widget', total: 2 }] }]),
    ).toEqual([
      { clave: 'Widget', total: 3 },
      { clave: 'Chatbot', total: 2 },
    ]);
  });
});
