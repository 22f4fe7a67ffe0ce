// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PromoAplicada } from '@/lib/wasm';
import type { DatosTicket } from '../orden';
import { Ticket } from './Tickets';

function abre(promos: PromoAplicada[], pie: string | null = null, pieCargando = false, llegada: string | null = null): HTMLElement {
  const datos: DatosTicket = {
    folio: 'POL-0042',
    nombre: 'Familia Varela',
    evento: 'Aniversario',
    fechaHora: '2025-01-06 14:30',
    mesa: '5',
    mesero: 'Juan Pérez',
    personas: 3,
    buffet: { afterSeven: false, adulto: 2, dama: 0, nino: 1 },
    promos,
    lugar: 'Polanco',
    tag: 'polanco',
    llegada,
  };
  const caja = document.createElement('div');
  caja.innerHTML = renderToStaticMarkup(<Ticket datos={datos} tipo="abre" pie={pie} pieCargando={pieCargando} />);
  return caja;
}

describe('the abre ticket', () => {
  it('prints the arrival the buffet was charged by, and nothing of it otherwise', () => {
    expect(abre([], null, false, '18:35').querySelector('[data-campo="llegada"]')?.textContent).toBe('18:35');
    expect(abre([]).querySelector('[data-campo="llegada"]')).toBeNull();
  });

  it("closes with the branch's own footer, or the default when it has none", () => {
    expect(abre([], '¡Vuelve pronto a Polanco!').querySelector('[data-campo="pie"]')?.textContent).toBe('¡Vuelve pronto a Polanco!');
    expect(abre([]).querySelector('[data-campo="pie"]')?.textContent).toBe('Gracias por su visita');
  });

  it('leaves the footer blank while the branch\'s is not known yet, rather than show the default', () => {
    const pie = abre([], null, true).querySelector('[data-campo="pie"]');
    expect(pie?.getAttribute('aria-busy')).toBe('true');
    expect(pie?.textContent?.trim()).toBe('');
  });

  it('prints the birthday greeting and the celebrants of the birthday promotion', () => {
    const el = abre([{ _id: 'c', name: 'Cumpleaños', qty: 1, field: 'Ana' }]);
    const promo = el.querySelector('[data-promo="Cumpleaños"]');
    expect(promo?.querySelector('[data-cumpleanos]')?.textContent).toContain('¡Feliz cumpleaños!');
    expect(promo?.querySelector('[data-campo="festejados"]')?.textContent).toBe('Ana');
  });

  it('prints the names another promotion kept, without the birthday greeting', () => {
    const el = abre([
      { _id: 'a', name: 'Aniversario de bodas', qty: 2, field: 'Tomás y Elisa' },
      { _id: 'p', name: '2x1', qty: 1 },
    ]);
    const aniversario = el.querySelector('[data-promo="Aniversario de bodas"]');
    expect(aniversario?.querySelector('[data-campo="festejados"]')?.textContent).toBe('Tomás y Elisa');
    expect(el.querySelector('[data-cumpleanos]')).toBeNull();
    expect(el.querySelector('[data-promo="2x1"] [data-campo="festejados"]')).toBeNull();
  });
});
