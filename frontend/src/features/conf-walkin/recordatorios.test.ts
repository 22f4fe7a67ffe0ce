import { describe, expect, it } from 'vitest';
import { leerRecordatorios, textoRecordatorios } from './recordatorios';

const FUERA = 'Los recordatorios son hasta 3 horas distintas antes de la reservación, cada una de 1 a 168';

describe('the reminders box', () => {
  it('reads hours separated by commas, the earliest first', () => {
    expect(leerRecordatorios('24, 3')).toEqual({ ok: [24, 3] });
    expect(leerRecordatorios('3,24')).toEqual({ ok: [24, 3] });
    expect(leerRecordatorios(' 48 ; 2 ;1 ')).toEqual({ ok: [48, 2, 1] });
    expect(leerRecordatorios('24 h, 3 horas, 1hr')).toEqual({ ok: [24, 3, 1] });
    expect(leerRecordatorios('168')).toEqual({ ok: [168] });
    expect(leerRecordatorios('24, 3,')).toEqual({ ok: [24, 3] });
  });

  it('reads an empty box as no reminders', () => {
    expect(leerRecordatorios('')).toEqual({ ok: [] });
    expect(leerRecordatorios('  ')).toEqual({ ok: [] });
    expect(leerRecordatorios(' , ')).toEqual({ ok: [] });
  });

  it('refuses what is not a whole number of hours, in Spanish', () => {
    const ilegible = (t: string) => `«${t}» no es un número entero de horas: escribe las horas separadas por comas, por ejemplo 24, 3.`;
    expect(leerRecordatorios('24, tres')).toEqual({ error: ilegible('tres') });
    expect(leerRecordatorios('1.5')).toEqual({ error: ilegible('1.5') });
    expect(leerRecordatorios('24 3')).toEqual({ error: ilegible('24 3') });
    expect(leerRecordatorios('-3')).toEqual({ error: ilegible('-3') });
  });

  it('refuses an hour outside 1 to 168, one twice, and more than three', () => {
    for (const t of ['0', '24, 169', '24, 3, 24', '48, 24, 3, 1']) expect(leerRecordatorios(t)).toEqual({ error: FUERA });
  });

  it('writes what is saved back as the box shows it', () => {
    expect(textoRecordatorios([24, 3])).toBe('24, 3');
    expect(textoRecordatorios([])).toBe('');
    expect(textoRecordatorios(undefined)).toBe('');
  });
});
