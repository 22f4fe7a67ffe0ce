import { describe, expect, it } from 'vitest';
import { datosDias, datosMesas, mesaNueva, semanaCompleta, zonasPara, ZONAS_MEXICO } from './sucursal';

describe('editor de sucursal', () => {
  it('ofrece las zonas de México y la propia de la sucursal', () => {
    expect(zonasPara('America/Mexico_City')).toEqual([...ZONAS_MEXICO]);
    expect(zonasPara('America/Bahia_Banderas')[0]).toBe('America/Bahia_Banderas');
  });
  it('completa la semana de lunes a domingo; un día sin guardar empieza cerrado', () => {
    const semana = semanaCompleta([{ dia: 3, abre: '13:00', cierra: '22:00', cerrado: false }]);
    expect(semana.map((d) => d.dia)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(semana[2]).toEqual({ dia: 3, abre: '13:00', cierra: '22:00', cerrado: false });
    expect(semana[0]?.cerrado).toBe(true);
  });
  it('una mesa nueva lleva el siguiente número', () => {
    const plano = { area: 'Salón', forma: 'cuadrada', x: null, y: null } as const;
    expect(mesaNueva([])).toEqual({ numero: 1, asientos: 4, combinable: true, ...plano });
    expect(mesaNueva([{ numero: 7, asientos: 2, combinable: false, ...plano, area: 'Terraza', x: 40, y: 20 }])).toEqual({
      numero: 8,
      asientos: 2,
      combinable: true,
      ...plano,
      area: 'Terraza',
    });
  });
  it('envía las cajas vacías como 0 y un día cerrado sin horas', () => {
    const plano = { area: 'Terraza', forma: 'redonda', x: 40, y: 20 } as const;
    expect(datosMesas([{ numero: null, asientos: 4, combinable: true, ...plano }])).toEqual([{ numero: 0, asientos: 4, combinable: true, ...plano }]);
    expect(datosDias([{ fecha: '2026-12-25', tipo: 'cerrado', abre: '10:00', cierra: '', motivo: ' Navidad ' }])).toEqual([
      { fecha: '2026-12-25', tipo: 'cerrado', abre: null, cierra: null, motivo: 'Navidad' },
    ]);
  });
});
