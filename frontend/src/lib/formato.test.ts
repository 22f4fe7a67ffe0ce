import { describe, expect, it } from 'vitest';
import {
  DIAS,
  desdeCampos,
  diaEn,
  entero,
  fechaConAnio,
  fechaConDia,
  fechaCorta,
  fechaYHora,
  fechaHoraBitacora,
  fechaLarga,
  haceCuanto,
  horaConSegundos,
  horaCorta,
  horaLocalEn,
  leerHoraLocal,
  nombreCorto,
  nombreDia,
  palabraPersonas,
  paraCampos,
  sumarDias,
  telefonoLegible,
  textoPersonas,
} from './formato';

// es-MX may put a (narrow) no-break space before "p.m."; compare the visible text.
const plano = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('date and time of a reservation', () => {
  it('shows the day and the short month as DD, MMM', () => {
    expect(fechaCorta('2025-01-05T14:30:00')).toBe('05, ene');
    expect(fechaCorta('2025-12-24T20:00:00')).toBe('24, dic');
  });

  it('shows the time as hh:mm with a.m./p.m. as es-MX writes it', () => {
    expect(plano(horaCorta('2025-01-05T14:30:00'))).toBe('02:30 p.m.');
    expect(plano(horaCorta('2025-01-05T09:05:00'))).toBe('09:05 a.m.');
    expect(plano(horaCorta('2025-01-05T00:10:00'))).toBe('12:10 a.m.');
  });

  it('reads the branch wall time as written, whatever zone the browser is in', () => {
    // Late evening stays on its own day: nothing converts it to or from the browser's zone.
    expect(fechaCorta('2025-03-31T23:45:00')).toBe('31, mar');
    expect(plano(horaCorta('2025-03-31T23:45:00'))).toBe('11:45 p.m.');
    expect(leerHoraLocal('2025-03-31 23:45')?.toISOString()).toBe('2025-03-31T23:45:00.000Z');
  });

  it('leaves a malformed value readable instead of printing "Invalid Date"', () => {
    expect(fechaCorta('mañana')).toBe('mañana');
    expect(horaCorta('mañana')).toBe('');
    expect(leerHoraLocal('2025-13-45T99:00:00')).toBeNull();
    expect(fechaCorta('2025-02-30T10:00:00')).toBe('2025-02-30T10:00:00');
  });

  it('writes the day with its weekday, capitalised, as DD, MMM with the year', () => {
    expect(fechaLarga('2025-01-05T14:30:00')).toBe('Domingo 05, ene 2025');
    expect(fechaLarga('2026-11-27')).toBe('Viernes 27, nov 2026');
    expect(fechaConDia('2026-11-28')).toBe('Sábado 28, nov');
    expect(nombreDia('2026-11-23')).toBe('Lunes');
    expect(DIAS.every((d) => d[0] === d[0]?.toUpperCase())).toBe(true);
  });

  it('writes a date alone, a time alone and both the one way', () => {
    expect(fechaCorta('2026-11-27')).toBe('27, nov');
    expect(fechaConAnio('2026-11-27')).toBe('27, nov 2026');
    expect(plano(horaCorta('20:10'))).toBe('08:10 p.m.');
    expect(plano(horaCorta('00:00'))).toBe('12:00 a.m.');
    expect(plano(horaCorta('24:00'))).toBe('12:00 a.m.');
    expect(plano(fechaYHora('2026-11-27 20:10'))).toBe('27, nov · 08:10 p.m.');
    expect(fechaYHora('ayer')).toBe('ayer');
  });

  it('reads an instant in branch time', () => {
    // 02:07 UTC on the 28th is 08:07 p.m. on the 27th in Mexico City.
    expect(horaLocalEn(new Date('2026-11-28T02:07:00Z'))).toBe('2026-11-27 20:07');
    expect(horaLocalEn(new Date('2026-11-28T02:07:00Z'), 'America/Tijuana')).toBe('2026-11-27 18:07');
    expect(plano(fechaHoraBitacora('2026-11-28T02:07:41Z'))).toBe('27, nov 2026 · 08:07 p.m.');
    expect(plano(horaConSegundos(new Date('2026-11-28T02:00:25Z')))).toBe('08:00:25 p.m.');
    // 03:00 UTC is still the previous evening in Mexico City.
    expect(diaEn(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-22');
  });

  it('moves days across months', () => {
    expect(sumarDias('2026-03-01', -1)).toBe('2026-02-28');
    expect(sumarDias('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('writes whole numbers as es-MX does', () => {
    expect(entero(1234)).toBe('1,234');
  });

  it('moves between the wall time and the edit form fields', () => {
    expect(paraCampos('2025-01-05T14:30:00')).toEqual({ fecha: '2025-01-05', hora: '14:30' });
    expect(desdeCampos('2025-01-05', '14:30')).toBe('2025-01-05 14:30');
    expect(desdeCampos('2025-01-05', '14:30:00')).toBe('2025-01-05 14:30');
  });
});

describe('names in the list', () => {
  it('keeps a name of up to 15 characters whole', () => {
    expect(nombreCorto('Ana López')).toBe('Ana López');
    expect(nombreCorto('Fernando Aguila')).toBe('Fernando Aguila');
  });

  it('cuts a longer name to its first 15 characters and an ellipsis', () => {
    expect(nombreCorto('Fernando Aguilar')).toBe('Fernando Aguila…');
    expect(nombreCorto('Karla Domínguez Ortega')).toBe('Karla Domínguez…');
  });

  it('counts accented letters and emoji as one character each', () => {
    expect(nombreCorto('ÁÉÍÓÚáéíóúÑñÜü😀')).toBe('ÁÉÍÓÚáéíóúÑñÜü😀');
    expect(nombreCorto('ÁÉÍÓÚáéíóúÑñÜü😀x')).toBe('ÁÉÍÓÚáéíóúÑñÜü😀…');
  });

  it('does not leave a space before the ellipsis', () => {
    expect(nombreCorto('Mariana Ibarra Soto')).toBe('Mariana Ibarra…');
  });
});

describe('party size', () => {
  it('says 1 persona or N personas', () => {
    expect(textoPersonas(1)).toBe('1 persona');
    expect(textoPersonas(2)).toBe('2 personas');
    expect(textoPersonas(12)).toBe('12 personas');
  });
  it('puts the word after a count of another (N de M): singular only for one', () => {
    expect(`1 de 1 ${palabraPersonas(1)}`).toBe('1 de 1 persona');
    expect(`1 de 2 ${palabraPersonas(2)}`).toBe('1 de 2 personas');
    expect(palabraPersonas(0)).toBe('personas');
  });
});

describe('how long ago', () => {
  const ahora = new Date('2025-01-05T20:00:00Z');
  it('answers in Spanish words', () => {
    expect(haceCuanto('2025-01-05T19:59:30Z', ahora)).toBe('justo ahora');
    expect(haceCuanto('2025-01-05T19:55:00Z', ahora)).toBe('hace 5 minutos');
    expect(haceCuanto('2025-01-05T17:00:00Z', ahora)).toBe('hace 3 horas');
    expect(haceCuanto('2025-01-04T18:00:00Z', ahora)).toBe('ayer');
    expect(haceCuanto('no es fecha', ahora)).toBe('');
  });
});

describe('phones', () => {
  it('reads a Mexican number in groups and any other with its plus sign', () => {
    expect(telefonoLegible('525512345678')).toBe('+52 55 1234 5678');
    expect(telefonoLegible('14155550100')).toBe('+14155550100');
    expect(telefonoLegible('')).toBe('');
  });
});
