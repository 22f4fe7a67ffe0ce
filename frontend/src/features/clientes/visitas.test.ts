import { describe, expect, it } from 'vitest';
import { fechaVisita, ultimaVisita } from '@/lib/formato';
import { avisoFusion, candidatosFusion, faseBusqueda, mismoNombre, telefonoCliente, rutaVisita, textoVisitas, vino, visitasRecientes } from './visitas';
import type { Esquema } from '@/lib/api-client';

const visita = (tipo: Esquema<'Visita'>['tipo'], _id: string, fecha_hora: string): Esquema<'Visita'> => ({
  tipo,
  _id,
  fecha_hora,
  status: tipo === 'walkin' ? 'Walk-in' : 'Asistio',
  no_personas: 2,
  evento: 'Ninguno',
  sucursal: 'Centro',
});

describe("a client's visits", () => {
  it('link a reservation to its detail under Reservaciones and a walk-in to its detail under Walk-in', () => {
    expect(rutaVisita(visita('reservacion', 'r1', '2026-01-05T14:00:00'))).toBe('/reservaciones/todas/r1');
    expect(rutaVisita(visita('walkin', 'w/2', '2026-01-05T14:00:00'))).toBe('/walkin/todas/w%2F2');
  });
  it('read with day, month, year and time, in the branch wall time', () => {
    expect(fechaVisita('2026-01-05T14:30:00')).toMatch(/^05, ene\.? 2026 · 02:30 p\.\s?m\.$/);
    expect(ultimaVisita('2026-12-31 23:59')).toMatch(/^31, dic\.? 2026$/);
    expect(ultimaVisita(null)).toBe('—');
  });
  it('list newest first', () => {
    const lista = [visita('walkin', 'a', '2026-01-05T14:00:00'), visita('reservacion', 'b', '2026-03-01T13:00:00'), visita('walkin', 'c', '2025-12-24T20:00:00')];
    expect(visitasRecientes(lista).map((v) => v._id)).toEqual(['b', 'a', 'c']);
  });
  it('count only the times the guest came', () => {
    const pendiente = { ...visita('reservacion', 'p', '2026-03-01T13:00:00'), status: 'Pendiente' };
    const vencida = { ...visita('reservacion', 'v', '2026-02-01T13:00:00'), status: 'Vencido' };
    const lista = [visita('walkin', 'a', '2026-01-05T14:00:00'), visita('reservacion', 'b', '2026-01-09T13:00:00'), pendiente, vencida];
    expect(lista.filter(vino).map((v) => v._id)).toEqual(['a', 'b']);
  });
  it('count in Spanish', () => {
    expect(textoVisitas(1)).toBe('1 visita');
    expect(textoVisitas(0)).toBe('0 visitas');
  });
});

describe('merge candidates', () => {
  it('never offer the client itself', () => {
    const c = (id: string): Esquema<'ClienteResumen'> => ({ _id: id, name: id, email: null, phone: null, visitas: 0, ultima_visita: '2026-01-05 14:00', no_shows: 0 });
    expect(candidatosFusion([c('a'), c('b'), c('c')], 'b').map((x) => x._id)).toEqual(['a', 'c']);
  });
});

describe('the merge warning', () => {
  it('says how many visits move and that it cannot be undone', () => {
    expect(avisoFusion({ name: 'Ana R.' }, 'Ana Ruiz')).toBe(
      'Las reservaciones y walk-ins de Ana R. pasarán a Ana Ruiz; Ana R. dejará de aparecer en la lista de clientes. No se puede deshacer.',
    );
  });
  it('never reads "de Elena Castillo pasarán a Elena Castillo": two records of one name are not told apart by it', () => {
    const aviso = avisoFusion({ name: 'elena  castillo' }, 'Elena Castillo');
    expect(aviso).not.toMatch(/castillo pasarán a Elena Castillo/i);
    expect(aviso).toBe(
      'Las reservaciones y walk-ins del duplicado pasarán a este registro; el duplicado dejará de aparecer en la lista de clientes. No se puede deshacer.',
    );
  });
  it('takes one name as people read it: case, accents and spacing aside', () => {
    expect(mismoNombre('Lucía Fernández', ' lucia   FERNANDEZ ')).toBe(true);
    expect(mismoNombre('Lucía Fernández', 'Lucía Fernández Ruiz')).toBe(false);
  });
});

describe('the merge search', () => {
  const llego = { llego: true, anterior: false };
  it('is answered only for the text as typed, once its own answer arrived', () => {
    expect(faseBusqueda('', '', { llego: false, anterior: false })).toBe('vacia');
    expect(faseBusqueda('  ', 'ana', llego)).toBe('vacia');
    expect(faseBusqueda('ana', 'ana', llego)).toBe('respondida');
    expect(faseBusqueda('ana ', 'ana', llego)).toBe('respondida');
  });
  it('is pending while the typing pauses before sending, and while the list still shows the previous answer', () => {
    // Typed, not yet sent: the answer shown is the previous text's.
    expect(faseBusqueda('ana ruiz', 'ana', llego)).toBe('pendiente');
    // Sent, on its way: the previous answer is kept on screen meanwhile.
    expect(faseBusqueda('ana ruiz', 'ana ruiz', { llego: true, anterior: true })).toBe('pendiente');
    // The first search, on its way.
    expect(faseBusqueda('ana', 'ana', { llego: false, anterior: false })).toBe('pendiente');
  });
});

describe("a guest record's phone", () => {
  it('reads a Mexican number (kept without its 52) with +52, and any other with its own code', () => {
    expect(telefonoCliente('5512345678')).toEqual({ texto: '+52 55 1234 5678', marcar: '+525512345678' });
    expect(telefonoCliente('50212345678')).toEqual({ texto: '+50212345678', marcar: '+50212345678' });
  });
});
