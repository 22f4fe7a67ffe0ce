import { describe, expect, it } from 'vitest';
import { desdeCampos, fechaCorta, fechaLarga, haceCuanto, horaCorta, leerHoraLocal, nombreCorto, palabraPersonas, paraCampos, telefonoLegible, textoPersonas } from './formato';

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

  it('spells the day out for the detail', () => {
    expect(fechaLarga('2025-01-05T14:30:00')).toBe('domingo, 5 de enero de 2025');
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
