import { describe, expect, it } from 'vitest';
import { avisosDeCanales } from './AvisoCanales';

describe('the channels notice', () => {
  it('names each channel the server lacks, and nothing when both are set up', () => {
    expect(avisosDeCanales({ correo: true, telefono: true })).toEqual([]);
    const ambos = avisosDeCanales({ correo: false, telefono: false });
    expect(ambos).toHaveLength(2);
    expect(ambos[0]).toMatch(/^El correo no está configurado/);
    expect(ambos[1]).toMatch(/«Avisar» se vuelve «Llamar»/);
    expect(avisosDeCanales({ correo: true, telefono: false })).toEqual([ambos[1]]);
  });
});
