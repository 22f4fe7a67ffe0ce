import { describe, expect, it } from 'vitest';
import type { Esquema } from '../../lib/cliente-api';
import { ENLACE_USADO, ENLACE_VENCIDO, estadoEnlace, etiquetaEstado, laHora, mensajeNoPendiente, textoCierre, textoPlazo } from './textos';

const reservacion: Esquema<'EnlaceHuesped'>['reservacion'] = {
  _id: 'r1',
  name: 'Lucía Fernández',
  fecha_hora: '2026-11-28 20:00',
  no_personas: 2,
  sucursal: 'Polanco',
  marca: 'La Casa',
  tag: 'polanco',
  status: 'Pendiente',
  confirmada: false,
  qr_svg: '<svg></svg>',
};
const enlace = (cambios: Partial<Esquema<'EnlaceHuesped'>> = {}, r: Partial<Esquema<'EnlaceHuesped'>['reservacion']> = {}): Esquema<'EnlaceHuesped'> => ({
  proposito: 'confirmar',
  usado: false,
  vencido: false,
  ...cambios,
  reservacion: { ...reservacion, ...r },
});

describe("a reminder's link", () => {
  it('offers its one action while it works', () => {
    expect(estadoEnlace(enlace())).toEqual({ tipo: 'abierto', proposito: 'confirmar' });
    expect(estadoEnlace(enlace({ proposito: 'cancelar' }))).toEqual({ tipo: 'abierto', proposito: 'cancelar' });
    // A guest who confirmed may still cancel from the other link.
    expect(estadoEnlace(enlace({ proposito: 'cancelar' }, { confirmada: true }))).toEqual({ tipo: 'abierto', proposito: 'cancelar' });
  });

  it("used or expired, says so in the server's words, with nothing to tap", () => {
    expect(estadoEnlace(enlace({ usado: true }))).toEqual({ tipo: 'cerrado', titulo: 'Este enlace ya se usó', mensaje: ENLACE_USADO });
    expect(estadoEnlace(enlace({ vencido: true }))).toEqual({ tipo: 'cerrado', titulo: 'Este enlace venció', mensaje: ENLACE_VENCIDO });
    expect(ENLACE_USADO).toBe('Este enlace ya se usó.');
    expect(ENLACE_VENCIDO).toBe('El enlace venció: la hora de la reservación ya pasó.');
  });

  it('what it asks is already so: done, not an error', () => {
    expect(estadoEnlace(enlace({ usado: true }, { confirmada: true }))).toEqual({ tipo: 'hecho', titulo: 'Tu asistencia ya está confirmada', mensaje: ENLACE_USADO });
    expect(estadoEnlace(enlace({}, { confirmada: true }))).toMatchObject({ tipo: 'hecho', mensaje: '¡Te esperamos!' });
    expect(estadoEnlace(enlace({ proposito: 'cancelar', usado: true }, { status: 'Cancelada' }))).toEqual({
      tipo: 'hecho',
      titulo: 'Tu reservación ya está cancelada',
      mensaje: ENLACE_USADO,
    });
  });

  it('a reservation no longer pending is named by its state, as the server refuses it', () => {
    expect(estadoEnlace(enlace({}, { status: 'Cancelada' }))).toEqual({
      tipo: 'cerrado',
      titulo: 'Esta reservación está cancelada',
      mensaje: 'La reservación ya no está pendiente: está en «Cancelada».',
    });
    expect(estadoEnlace(enlace({ proposito: 'cancelar', vencido: true }, { status: 'Vencido' }))).toMatchObject({
      tipo: 'cerrado',
      mensaje: 'La reservación ya no está pendiente: está en «No asistió».',
    });
    expect(estadoEnlace(enlace({}, { status: 'Asistio', confirmada: true }))).toMatchObject({ tipo: 'cerrado', titulo: '¡Gracias por tu visita!' });
  });

  it('an unknown purpose is not a link', () => {
    expect(estadoEnlace(enlace({ proposito: 'otro' }))).toMatchObject({ tipo: 'cerrado', titulo: 'Este enlace no es válido' });
  });
});

describe("a reservation's state in words", () => {
  it("names the states as staff read them (core's etiqueta)", () => {
    expect(['Pendiente', 'Asistio', 'Vencido', 'Cancelada'].map((s) => etiquetaEstado(s as never))).toEqual(['Pendiente', 'Asistió', 'No asistió', 'Cancelada']);
    expect(mensajeNoPendiente('Cancelada')).toBe('La reservación ya no está pendiente: está en «Cancelada»');
  });
});

describe('until when the guest may change online', () => {
  it('one o\'clock is "la", the others "las"', () => {
    expect(laHora('2026-11-28 13:00')).toBe('la 01:00 p.m.');
    expect(laHora('2026-11-28 01:30')).toBe('la 01:30 a.m.');
    expect(laHora('2026-11-28 19:15')).toBe('las 07:15 p.m.');
  });

  it('the time alone on the reservation\'s day, the day too on another', () => {
    expect(textoPlazo('2026-11-28 19:00', '2026-11-28 20:00')).toBe('Puedes cambiarla o cancelarla aquí hasta las 07:00 p.m. del día de tu reservación.');
    expect(textoPlazo('2026-11-27 20:00', '2026-11-28 20:00')).toBe('Puedes cambiarla o cancelarla aquí hasta el Viernes 27, nov a las 08:00 p.m.');
    expect(textoPlazo(null, '2026-11-28 20:00')).toBe('Puedes cambiarla o cancelarla aquí.');
  });

  it('closed: since when, and to call the branch', () => {
    expect(textoCierre('2026-11-28 19:00', '2026-11-28 20:00')).toBe('Los cambios en línea cerraron a las 07:00 p.m.; llama a la sucursal.');
    expect(textoCierre('2026-11-28 13:00', '2026-11-28 14:00')).toBe('Los cambios en línea cerraron a la 01:00 p.m.; llama a la sucursal.');
    expect(textoCierre('2026-11-27 20:00', '2026-11-28 20:00')).toBe('Los cambios en línea cerraron el Viernes 27, nov a las 08:00 p.m.; llama a la sucursal.');
    expect(textoCierre(undefined, '2026-11-28 20:00')).toBe('Los cambios en línea ya cerraron; llama a la sucursal.');
    expect(textoCierre('mañana', '2026-11-28 20:00')).toBe('Los cambios en línea ya cerraron; llama a la sucursal.');
  });
});
