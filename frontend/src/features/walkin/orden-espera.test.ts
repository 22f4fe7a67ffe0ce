import { describe, expect, it } from 'vitest';
import { ordenNueva } from '@/modulos/orden/orden';
import { ordenDeEspera } from './components/AsistenteWalkin';

describe('a walk-in for a party of the waitlist', () => {
  it('fills in its name, phone and party, the buffets following the party', () => {
    const nueva = { ...ordenNueva('polanco', new Date('2026-11-25T19:00:00Z')), mesa: '4' };
    const o = ordenDeEspera(nueva, { _id: 'g-1', name: 'Familia Pérez', phone: '525512345678', personas: 3, creado: '2026-11-25T18:40:00Z' });
    expect([o.name, o.phone, o.no_personas, o.mesa, o.tag]).toEqual(['Familia Pérez', '525512345678', 3, '4', 'polanco']);
    // Every guest an adult until the host says otherwise, in the mode of the hour.
    const buffets = o.isAfter7pm ? o.buffet_promo_adulto : o.buffet_adulto;
    expect(buffets).toBe(3);
  });

  it('leaves the phone empty for a party that left none', () => {
    const o = ordenDeEspera(ordenNueva('polanco'), { _id: 'g-2', name: 'Ana Ruiz', phone: null, personas: 2, creado: '2026-11-25T18:40:00Z' });
    expect(o.phone).toBe('');
  });
});
