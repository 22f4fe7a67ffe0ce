import { describe, expect, it } from 'vitest';
import { cambioInicial, fechaEnRango, opcionesPersonas, validarCambio } from './cambio';

const reglas = {
  fechaMin: '2026-11-25',
  fechaMax: '2027-01-24',
  personasMax: 8,
  horarios: ['19:00', '19:30', '20:00'],
  actual: { fecha_hora: '2026-11-28 20:00', no_personas: 2 },
};

describe("the guest's change of party and time", () => {
  it('offers 1 to the online limit, and starts from the reservation as it is', () => {
    expect(opcionesPersonas(4)).toEqual([1, 2, 3, 4]);
    expect(opcionesPersonas(0)).toEqual([1]);
    expect(opcionesPersonas(2.5)).toEqual([1]);
    expect(cambioInicial('2026-11-28 20:00', 2, 8)).toEqual({ fecha: '2026-11-28', personas: 2, hora: '20:00' });
    expect(cambioInicial('2026-11-28T20:00:00', 12, 8)).toEqual({ fecha: '2026-11-28', personas: 8, hora: '20:00' });
  });

  it("takes a date within the branch's first and last", () => {
    expect(fechaEnRango('2026-11-25', reglas.fechaMin, reglas.fechaMax)).toBe(true);
    expect(fechaEnRango('2027-01-24', reglas.fechaMin, reglas.fechaMax)).toBe(true);
    for (const mala of ['2026-11-24', '2027-01-25', '', '28/11/2026']) expect(fechaEnRango(mala, reglas.fechaMin, reglas.fechaMax)).toBe(false);
  });

  it('answers the body the server takes', () => {
    expect(validarCambio({ fecha: '2026-11-28', personas: 4, hora: '19:30' }, reglas)).toEqual({ ok: { fecha_hora: '2026-11-28 19:30', no_personas: 4 } });
    // The party alone, at the same time.
    expect(validarCambio({ fecha: '2026-11-28', personas: 3, hora: '20:00' }, reglas)).toEqual({ ok: { fecha_hora: '2026-11-28 20:00', no_personas: 3 } });
  });

  it('says in Spanish which box is wrong', () => {
    expect(validarCambio({ fecha: '', personas: 2, hora: '19:00' }, reglas)).toEqual({
      error: { mensaje: expect.stringMatching(/^Elige una fecha entre el .+ y el .+\.$/), campo: 'fecha' },
    });
    expect(validarCambio({ fecha: '2026-11-28', personas: 9, hora: '19:00' }, reglas)).toEqual({ error: { mensaje: 'Elige de 1 a 8 personas.', campo: 'no_personas' } });
    expect(validarCambio({ fecha: '2026-11-28', personas: 0, hora: '19:00' }, reglas)).toMatchObject({ error: { campo: 'no_personas' } });
    expect(validarCambio({ fecha: '2026-11-28', personas: 2, hora: '' }, reglas)).toEqual({ error: { mensaje: 'Elige uno de los horarios disponibles.', campo: 'hora' } });
    // A time not offered for this date and party is no choice.
    expect(validarCambio({ fecha: '2026-11-28', personas: 2, hora: '21:00' }, reglas)).toMatchObject({ error: { campo: 'hora' } });
  });

  it('nothing changed is not sent', () => {
    expect(validarCambio({ fecha: '2026-11-28', personas: 2, hora: '20:00' }, reglas)).toEqual({
      error: { mensaje: 'Así ya está tu reservación: cambia la fecha, la hora o las personas.', campo: null },
    });
  });
});
