import { describe, expect, it } from 'vitest';
import { avisosDeCanales } from './AvisoCanales';

describe('the channels notice', () => {
  it('names each channel the server lacks, and nothing when all are set up', () => {
    expect(avisosDeCanales({ correo: true, telefono: true, enlaces: true })).toEqual([]);
    const todos = avisosDeCanales({ correo: false, telefono: false, enlaces: false });
    expect(todos).toHaveLength(3);
    expect(todos[0]).toMatch(/^El correo no está configurado/);
    expect(todos[1]).toMatch(/«Avisar» se vuelve «Llamar»/);
    expect(todos[2]).toMatch(/^Falta la dirección pública de las páginas de reservación/);
    expect(avisosDeCanales({ correo: true, telefono: false, enlaces: true })).toEqual([todos[1]]);
    expect(avisosDeCanales({ correo: true, telefono: true, enlaces: false })).toEqual([todos[2]]);
  });
});
