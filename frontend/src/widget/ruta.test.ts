import { describe, expect, it } from 'vitest';
import { leerOrigen, leerPersonasMax, leerVista, rutaConfirmacion, rutaTurno } from './ruta';

const vista = (url: string, enMarco = false) => leerVista(new URL(url, 'https://reservas.example'), enMarco);

describe('the booking page reads its address', () => {
  it('a branch page takes origin, party limit and partner code from the query', () => {
    expect(vista('/widget/polanco?origin=plataforma&personas_max=50&afiliado=HOTEL7')).toEqual({
      tipo: 'reservar',
      tag: 'polanco',
      origin: 'Plataforma',
      personasMax: 50,
      afiliado: 'HOTEL7',
      incrustado: true,
    });
    expect(vista('/reservacion/satelite')).toMatchObject({ tipo: 'reservar', tag: 'satelite', origin: 'Widget', personasMax: null, incrustado: false });
    expect(vista('/reservacion/satelite', true)).toMatchObject({ incrustado: true });
  });

  it('an unknown origin is Widget and google keeps its lower case', () => {
    expect(leerOrigen('Facebook')).toBe('Widget');
    expect(leerOrigen(null)).toBe('Widget');
    expect(leerOrigen('GOOGLE')).toBe('google');
    expect(leerOrigen(' Whatsapp ')).toBe('Whatsapp');
  });

  it('a party limit that is not a whole number from 1 is no limit', () => {
    expect(leerPersonasMax('12')).toBe(12);
    for (const malo of ['0', '-3', '2.5', 'diez', '', null]) expect(leerPersonasMax(malo)).toBeNull();
  });

  it('the confirmation and verification pages carry the id and the token', () => {
    const ruta = rutaConfirmacion('/reservacion/polanco/confirmacion/abc123?t=t%2Fk%2Bn');
    expect(vista(ruta)).toEqual({ tipo: 'confirmacion', tag: 'polanco', id: 'abc123', token: 't/k+n' });
    expect(vista('/reservacion/polanco/verificar/abc123?t=xyz&c=conf')).toEqual({ tipo: 'verificar', tag: 'polanco', id: 'abc123', token: 'xyz', confirmacion: 'conf' });
    expect(vista('/reservacion/polanco/verificar/abc123?t=xyz')).toEqual({ tipo: 'verificar', tag: 'polanco', id: 'abc123', token: 'xyz', confirmacion: null });
  });

  it("a reminder's two links carry the id and that link's own token", () => {
    expect(vista('/reservacion/polanco/confirmar/abc123?t=c0ffee')).toEqual({ tipo: 'confirmar', tag: 'polanco', id: 'abc123', token: 'c0ffee' });
    expect(vista('/reservacion/polanco/cancelar/abc123?t=t%2Fk%2Bn')).toEqual({ tipo: 'cancelar', tag: 'polanco', id: 'abc123', token: 't/k+n' });
    expect(vista('/reservacion/mi%20sucursal/cancelar/abc123?t=x')).toMatchObject({ tipo: 'cancelar', tag: 'mi sucursal' });
    // Without its token the page still opens, and says the link is not valid (the server's word).
    expect(vista('/reservacion/polanco/confirmar/abc123')).toEqual({ tipo: 'confirmar', tag: 'polanco', id: 'abc123', token: '' });
    // Only on the full page, never framed as /widget/…, nor with a part more or less.
    for (const url of ['/widget/polanco/confirmar/abc?t=x', '/reservacion/polanco/cancelar?t=x', '/reservacion/polanco/confirmar/abc/otra?t=x', '/reservacion/polanco/Confirmar/abc?t=x']) {
      expect(vista(url)).toEqual({ tipo: 'desconocida' });
    }
  });

  it('after booking only a confirmation page of this site is followed', () => {
    for (const mala of [
      'https://otro.example/reservacion/polanco/confirmacion/abc?t=x',
      '//otro.example/x',
      '/reservacion/polanco',
      '/login',
      '/reservacion/polanco/confirmar/abc?t=x',
    ]) {
      expect(() => rutaConfirmacion(mala)).toThrow();
    }
  });

  it('any other address is no page', () => {
    for (const url of ['/widget', '/reservacion/', '/reservacion/polanco/otra/abc', '/widget/polanco/confirmacion/abc', '/otra/polanco']) {
      expect(vista(url)).toEqual({ tipo: 'desconocida' });
    }
  });
});

describe('the waitlist pages read their address', () => {
  it('the join page and the party page, with its secret', () => {
    expect(vista('/espera/polanco')).toEqual({ tipo: 'espera', tag: 'polanco' });
    expect(vista('/espera/polanco/kiosco')).toEqual({ tipo: 'kiosco', tag: 'polanco' });
    expect(vista('/espera/polanco/cartel/')).toEqual({ tipo: 'cartel', tag: 'polanco' });
    expect(vista('/espera/polanco/turno/abc123?t=s3cr3t')).toEqual({ tipo: 'turno', tag: 'polanco', id: 'abc123', token: 's3cr3t' });
    expect(vista('/espera/polanco/turno/abc123')).toMatchObject({ tipo: 'turno', token: '' });
    for (const malo of ['/espera', '/espera/polanco/otra/abc', '/espera/polanco/turno']) expect(vista(malo)).toEqual({ tipo: 'desconocida' });
  });

  it('after joining, only a party page of this site is followed', () => {
    expect(rutaTurno('/espera/polanco/turno/abc?t=x')).toBe('/espera/polanco/turno/abc?t=x');
    expect(() => rutaTurno('https://otro.example/espera/polanco/turno/abc?t=x')).toThrow('El servidor respondió de forma inesperada');
    expect(() => rutaTurno('/reservacion/polanco/confirmacion/abc?t=x')).toThrow();
  });
});
