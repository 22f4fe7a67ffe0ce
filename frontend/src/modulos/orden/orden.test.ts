import { describe, expect, it } from 'vitest';
import { reservacionDe } from '@/testing/datos';
import type { Esquema } from '@/lib/api-client';
import {
  camposBuffet,
  esCumpleanos,
  lineasBuffet,
  mensajesInline,
  ordenDeReservacion,
  ordenNueva,
  paginar,
  pideFestejados,
  promoSugerido,
  sugerenciaModo,
  solicitudAsistencia,
  solicitudWalkin,
  ticketDeReservacion,
  ticketDeWalkin,
} from './orden';

// Mexico City has no daylight saving time: local = UTC − 6.
const aLas = (hhmm: string) => new Date(`2025-01-06T${hhmm}:00-06:00`);

describe('the buffet mode core suggests', () => {
  it('is regular in the afternoon, promo from the late cutoff and after seven', () => {
    expect(promoSugerido(aLas('14:00'))).toBe(false);
    expect(promoSugerido(aLas('18:45'))).toBe(true);
    expect(promoSugerido(aLas('19:30'))).toBe(true);
    // A branch whose late cutoff is 18:00 starts a party at 18:10 in promo mode.
    const corte = { zona: 'America/Mexico_City', inicio_regular: '13:00', inicio_promo: '19:00', corte_tarde: '18:00' };
    expect(promoSugerido(aLas('18:10'), corte)).toBe(true);
    expect(promoSugerido(aLas('18:10'))).toBe(false);
  });

  it('starts a walk-in from core’s defaults in that mode', () => {
    const f = ordenNueva('polanco', aLas('14:00'));
    expect(f).toMatchObject({ tag: 'polanco', no_personas: 1, evento: 'Ninguno', buffet_adulto: 1, buffet_boy: 0, buffet_promo_adulto: 1, isAfter7pm: false });
    expect(f.listPromos).toEqual([]);
    expect(ordenNueva('polanco', aLas('20:00')).isAfter7pm).toBe(true);
  });

  it('keeps the mode of a waiting party’s arrival where the branch charges by it', () => {
    const porLlegada = { cobro_por_llegada: true };
    const anotado = aLas('18:35').toISOString();
    expect(sugerenciaModo(aLas('18:55'), porLlegada, anotado)).toEqual({ modo: 'Regular', llegada: '18:35', cambio: true });
    expect(ordenNueva('polanco', aLas('18:55'), porLlegada, anotado).isAfter7pm).toBe(false);
    // Without the setting, or without an arrival, the seating's time decides.
    expect(sugerenciaModo(aLas('18:55'), null, anotado)).toEqual({ modo: 'Promo', llegada: null, cambio: false });
    expect(ordenNueva('polanco', aLas('18:55'), porLlegada, null).isAfter7pm).toBe(true);
  });
});

describe('a reservation being seated', () => {
  it('prefills every guest as adult and promo adult, the other counts 0', () => {
    const f = ordenDeReservacion(reservacionDe({ name: 'Ana López', no_personas: 5, evento: 'Aniversario' }), 'polanco', aLas('14:00'));
    expect(f).toMatchObject({
      name: 'Ana López',
      evento: 'Aniversario',
      no_personas: 5,
      buffet_adulto: 5,
      buffet_boy: 0,
      buffet_promo_adulto: 5,
      buffet_promo_girl: 0,
      buffet_promo_boy: 0,
      tag: 'polanco',
    });
  });
});

describe('the inline messages of the order step', () => {
  const base = ordenNueva('polanco', aLas('14:00'));

  it('names the edited field only, and clears once it is fixed', () => {
    const cero = { ...base, no_personas: 0 };
    const m = mensajesInline({}, cero, 'no_personas');
    expect(m).toEqual({ no_personas: 'El número de personas no puede ser 0' });
    expect(mensajesInline(m, { ...cero, no_personas: 2 }, 'no_personas')).toEqual({});
  });

  it('in promo mode puts the message on the edited one of Caballero and Dama, and fixing the other clears it', () => {
    const promo = { ...base, isAfter7pm: true, buffet_promo_adulto: 0, buffet_promo_girl: 0 };
    const m = mensajesInline({}, promo, 'buffet_promo_girl');
    expect(m).toEqual({ buffet_promo_girl: 'El número de buffet no puede ser 0' });
    expect(mensajesInline(m, { ...promo, buffet_promo_adulto: 1 }, 'buffet_promo_adulto')).toEqual({});
  });

  it('labels the buffet boxes of each mode', () => {
    expect(camposBuffet(false).map((c) => c.etiqueta)).toEqual(['Adulto', 'Niño']);
    expect(camposBuffet(true).map((c) => c.etiqueta)).toEqual(['Caballero', 'Dama', 'Niño']);
  });
});

describe('what the flows send', () => {
  const f = { ...ordenNueva('polanco', aLas('14:00')), mesa: ' 4 ', mesero_id: 'm1', no_personas: 3, buffet_adulto: 2, buffet_boy: 1 };
  const promos = [{ _id: 'p', name: '2x1', qty: 1 }];

  it('a walk-in: the personal data core answered, the order and the promotions', () => {
    const s = solicitudWalkin(f, { name: 'Ana', email: 'ana@correo.mx', phone: null, evento: 'Ninguno' }, promos);
    expect(s).toEqual({
      tag_sucursal: 'polanco',
      name: 'Ana',
      email: 'ana@correo.mx',
      phone: null,
      evento: 'Ninguno',
      comanda: { mesa: '4', mesero_id: 'm1', no_personas: 3, buffet_adulto: 2, buffet_boy: 1, buffet_promo_adulto: 1, buffet_promo_girl: 0, buffet_promo_boy: 0, isAfter7pm: false },
      abre: { promo: promos },
    });
  });

  it('an attendance: status Asistio with the party and the same order', () => {
    const s = solicitudAsistencia(f, []);
    expect(s.status).toBe('Asistio');
    expect(s.no_personas).toBe(3);
    expect(s.tag_sucursal).toBe('polanco');
    expect(s.comanda.mesero_id).toBe('m1');
    expect(s.abre).toEqual({ promo: [] });
  });
});

describe('promotions', () => {
  it('asks for the celebrants’ names when the catalogue says so, and always for the birthday one (core decides)', () => {
    expect(pideFestejados({ _id: 'c', name: 'Cumpleaños', pide_nombres: true })).toBe(true);
    expect(pideFestejados({ _id: 'c', name: 'Cumpleaños', pide_nombres: false })).toBe(true);
    expect(pideFestejados({ _id: 'a', name: 'Aniversario', pide_nombres: true })).toBe(true);
    expect(pideFestejados({ _id: 'a', name: 'Aniversario', pide_nombres: false })).toBe(false);
    expect(pideFestejados({ _id: 'd', name: '2x1 en martes' })).toBe(false);
  });

  it('prints the birthday greeting only for the birthday promotion, whatever else kept names', () => {
    expect(esCumpleanos({ _id: 'c', name: 'Cumpleaños' })).toBe(true);
    expect(esCumpleanos({ _id: 'a', name: 'Aniversario' })).toBe(false);
  });

  it('pages the added ones three at a time, keeping the page within range', () => {
    const lista = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(paginar(lista, 1, 3)).toEqual({ items: ['a', 'b', 'c'], pagina: 1, paginas: 3 });
    expect(paginar(lista, 3, 3)).toEqual({ items: ['g'], pagina: 3, paginas: 3 });
    expect(paginar(lista.slice(0, 3), 2, 3)).toEqual({ items: ['a', 'b', 'c'], pagina: 1, paginas: 1 });
    expect(paginar([], 1, 3)).toEqual({ items: [], pagina: 1, paginas: 1 });
  });
});

describe('the tickets', () => {
  const buffet = { afterSeven: true, adulto: 2, dama: 1, nino: 1 };

  it('print the buffet lines of the comanda’s mode', () => {
    expect(lineasBuffet(buffet)).toEqual([
      ['Caballero', 2],
      ['Dama', 1],
      ['Niño', 1],
    ]);
    expect(lineasBuffet({ ...buffet, afterSeven: false })).toEqual([
      ['Adulto', 2],
      ['Niño', 1],
    ]);
  });

  it('of a walk-in carry its prefixed folio', () => {
    const w = {
      _id: 'w1',
      name: 'Familia Robles',
      fecha_hora: '2025-01-05 14:10',
      fecha: '2025-01-05',
      hora: '14:10',
      no_personas: 4,
      evento: 'Ninguno',
      tag_sucursal: 'polanco',
      status: 'Walk-in',
      origin: 'Walk-in',
      folio: 'POL-0042',
      comanda: { folio: 42, mesa: '4', mesero: { id: 'm', name: 'Ana' }, no_personas: 4, buffet },
      abre: { mesa: '4', promo: [] },
    } satisfies Esquema<'Walkin'>;
    expect(ticketDeWalkin(w, 'La Hacienda Polanco')).toMatchObject({ folio: 'POL-0042', mesa: '4', mesero: 'Ana', personas: 4, lugar: 'La Hacienda Polanco' });
  });

  it('of a reservation exist once it has a comanda', () => {
    expect(ticketDeReservacion(reservacionDe())).toBeNull();
    const r = reservacionDe({ folio: 'POL-0043', comanda: { folio: 43, mesa: '7', mesero: { id: 'm', name: 'Luis' }, no_personas: 4, buffet }, abre: { mesa: '7', promo: [] } });
    expect(ticketDeReservacion(r)).toMatchObject({ folio: 'POL-0043', mesa: '7', mesero: 'Luis', lugar: 'La Hacienda Polanco' });
  });
});
