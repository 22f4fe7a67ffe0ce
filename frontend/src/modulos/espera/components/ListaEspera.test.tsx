// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FilasEspera, resumenEspera, SIN_MENSAJES, SIN_TELEFONO } from './ListaEspera';
import type { Esquema } from '@/lib/api-client';

function grupoDe(cambios: Partial<Esquema<'GrupoEnEspera'>> = {}): Esquema<'GrupoEnEspera'> {
  return {
    _id: 'g-1',
    name: 'Familia Pérez',
    phone: '525512345678',
    personas: 3,
    notas: 'silla alta',
    creado: '2026-11-26T01:30:00Z',
    esperando_min: 12,
    cotizada_min: 15,
    estimada_min: 3,
    posicion: 1,
    siguiente: true,
    avisado: null,
    mensaje: null,
    en_linea: false,
    viene: false,
    ultimo_mensaje: null,
    ...cambios,
  };
}

function html(props: Partial<Parameters<typeof FilasEspera>[0]> = {}): HTMLElement {
  const marcado = renderToStaticMarkup(
    <MemoryRouter>
      <FilasEspera
        grupos={[]}
        alAvisar={() => undefined}
        alSeFue={() => undefined}
        enlaceSentar={(g) => `/hostes/walkin?espera=${g._id}`}
        {...props}
      />
    </MemoryRouter>,
  );
  const caja = document.createElement('div');
  caja.innerHTML = marcado;
  return caja;
}

const texto = (el: Element | null | undefined) => el?.textContent?.replace(/[\u00a0\u202f]/g, ' ').trim() ?? null;

describe('the waitlist', () => {
  it('shows each party in its place: name, party, phone, notes, wait against quote, and Siguiente', () => {
    const el = html({ grupos: [grupoDe(), grupoDe({ _id: 'g-2', name: 'Ana Ruiz', posicion: 2, siguiente: false, personas: 2, phone: null, notas: '' })] });
    const filas = el.querySelectorAll('li[data-espera]');
    expect([...filas].map((f) => f.getAttribute('data-posicion'))).toEqual(['1', '2']);
    const [primera, segunda] = filas;
    expect(texto(primera?.querySelector('[data-campo="nombre"]'))).toBe('Familia Pérez');
    expect(texto(primera?.querySelector('[data-campo="personas"]'))).toBe('3 personas');
    expect(texto(primera?.querySelector('[data-campo="telefono"]'))).toBe('+52 55 1234 5678');
    expect(texto(primera?.querySelector('[data-campo="notas"]'))).toBe('silla alta');
    expect(texto(primera?.querySelector('[data-campo="espera"]'))).toBe('esperando 12 min/cotizado 15 min');
    expect(primera?.querySelector('[data-marca="siguiente"]')).not.toBeNull();
    expect(segunda?.querySelector('[data-marca="siguiente"]')).toBeNull();
    expect(segunda?.querySelector('[data-campo="notas"]')).toBeNull();
    // Sentar leads to the walk-in with the party.
    expect(primera?.querySelector('a[data-accion="sentar"]')?.getAttribute('href')).toBe('/hostes/walkin?espera=g-1');
  });

  it('on a server that sends no messages, offers Llamar to the party\'s number instead of Avisar', () => {
    const el = html({ grupos: [grupoDe(), grupoDe({ _id: 'g-2', name: 'Ana Ruiz', posicion: 2, phone: null })], puedeAvisar: false });
    const llamar = el.querySelector('a[aria-label="Llamar a Familia Pérez"]');
    expect(llamar?.getAttribute('href')).toBe('tel:+525512345678');
    expect(llamar?.getAttribute('title')).toBe(SIN_MENSAJES);
    expect(el.querySelector('button[aria-label="Avisar a Familia Pérez"]')).toBeNull();
    // Without a phone there is nobody to call: Avisar stays, disabled, saying why.
    expect(el.querySelector('a[aria-label="Llamar a Ana Ruiz"]')).toBeNull();
    expect(el.querySelector('button[aria-label="Avisar a Ana Ruiz"]')?.hasAttribute('disabled')).toBe(true);
  });

  it('disables Avisar for a party without a phone, saying why', () => {
    const el = html({ grupos: [grupoDe({ phone: null })] });
    const avisar = el.querySelector('button[aria-label="Avisar a Familia Pérez"]');
    expect(avisar?.hasAttribute('disabled')).toBe(true);
    expect(avisar?.parentElement?.getAttribute('title')).toBe(SIN_TELEFONO);
    expect(texto(el.querySelector('[data-campo="telefono"]'))).toBe('Sin teléfono');
    const con = html({ grupos: [grupoDe()] }).querySelector('button[aria-label="Avisar a Familia Pérez"]');
    expect(con?.hasAttribute('disabled')).toBe(false);
  });

  it('colours a wait past its quote', () => {
    const tonos = (g: Partial<Esquema<'GrupoEnEspera'>>) => html({ grupos: [grupoDe(g)] }).querySelector('li')?.getAttribute('data-tono');
    expect(tonos({ esperando_min: 10, cotizada_min: 15 })).toBe('en-tiempo');
    expect(tonos({ esperando_min: 20, cotizada_min: 15 })).toBe('pasado');
    expect(tonos({ esperando_min: 40, cotizada_min: 15 })).toBe('excedido');
  });

  it('shows the call and its message\'s state', () => {
    const el = html({ grupos: [grupoDe({ avisado: '2026-11-26T01:42:00Z', mensaje: 'pendiente' })] });
    const aviso = el.querySelector('[data-campo="aviso"]');
    expect(texto(aviso)).toBe('Avisado 07:42 p.m. · mensaje en cola');
    expect(aviso?.getAttribute('data-mensaje')).toBe('pendiente');
    expect(html({ grupos: [grupoDe()] }).querySelector('[data-campo="aviso"]')).toBeNull();
  });

  it('offers no Sentar to whoever does not register walk-ins', () => {
    expect(html({ grupos: [grupoDe()], enlaceSentar: null }).querySelector('[data-accion="sentar"]')).toBeNull();
  });

  it('says so when nobody waits, and shows skeleton rows while loading', () => {
    expect(texto(html({ grupos: [] }).querySelector('[data-estado="vacia"]'))).toBe('Nadie espera mesa.');
    const cargando = html({ grupos: undefined, cargando: true });
    expect(cargando.querySelector('[data-estado="cargando"]')?.getAttribute('aria-busy')).toBe('true');
    expect(cargando.querySelector('li')).toBeNull();
  });

  it('sums the parties and the people waiting', () => {
    expect(resumenEspera([{ personas: 3 }, { personas: 4 }])).toBe('2 grupos · 7 personas');
    expect(resumenEspera([{ personas: 1 }])).toBe('1 grupo · 1 persona');
  });
});
