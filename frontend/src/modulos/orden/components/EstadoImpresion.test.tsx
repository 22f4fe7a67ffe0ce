// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ImpresionTicket, type PropsImpresionTicket } from './EstadoImpresion';
import type { Esquema } from '@/lib/api-client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function trabajo(estado: Esquema<'TrabajoImpresion'>['estado'], impresora = 'Cocina', extra: Partial<Esquema<'TrabajoImpresion'>> = {}): Esquema<'TrabajoImpresion'> {
  return { _id: `${impresora}-${estado}`, tipo: 'comanda', impresora, estado, intentos: 1, error: null, reimpresion: false, en_cola: '19:41', impreso: estado === 'impreso' ? '19:42' : null, ...extra };
}

const conImpresora = (...trabajos: Esquema<'TrabajoImpresion'>[]): Esquema<'ImpresionDeRegistro'> => ({ impresoras: 1, trabajos });

function html(impresion: Esquema<'ImpresionDeRegistro'> | undefined, tipo: 'comanda' | 'abre' = 'comanda'): HTMLElement {
  const caja = document.createElement('div');
  caja.innerHTML = renderToStaticMarkup(<ImpresionTicket tipo={tipo} impresion={impresion} alImprimir={() => {}} alReintentar={() => {}} alReimprimir={() => {}} />);
  return caja;
}

const botones = (el: HTMLElement) => [...el.querySelectorAll('button')].map((b) => b.textContent?.trim());
const titular = (el: HTMLElement) => el.querySelector('[role="status"] [data-titular]')?.textContent?.trim();

describe("a ticket's printing, as the host sees it", () => {
  it("without printers: the browser's print is the one action, named for the ticket, and no state", () => {
    for (const impresion of [undefined, { impresoras: 0, trabajos: [] }]) {
      expect(botones(html(impresion))).toEqual(['Imprimir Comanda']);
      expect(botones(html(impresion, 'abre'))).toEqual(['Imprimir Abre']);
      expect(html(impresion).querySelector('[role="status"]')).toBeNull();
    }
  });

  it('with printers but none for this ticket: the browser prints it, and says why', () => {
    const el = html(conImpresora(trabajo('impreso')), 'abre');
    expect(botones(el)).toEqual(['Imprimir Abre']);
    expect(el.textContent).toContain('Ninguna impresora imprime el abre.');
  });

  it('queued: «En cola», no action at the printer, the browser as the named fallback', () => {
    const el = html(conImpresora(trabajo('en_cola')));
    expect(titular(el)).toBe('En cola');
    expect(botones(el)).toEqual(['Imprimir en este equipo']);
  });

  it('printed: «Enviado a Cocina ✓» with its time, and Reimprimir', () => {
    const el = html(conImpresora(trabajo('impreso')));
    expect(titular(el)).toBe('Enviado a Cocina ✓');
    expect(el.querySelector('[data-detalle]')?.textContent).toBe('Impreso 19:42');
    expect(botones(el)).toEqual(['Reimprimir', 'Imprimir en este equipo']);
  });

  it('failed or expired: «Falló: …» and Reintentar', () => {
    for (const t of [trabajo('fallo'), trabajo('vencido')]) {
      const el = html(conImpresora(t));
      expect(titular(el)).toBe('Falló: la impresora no responde');
      expect(botones(el)).toEqual(['Reintentar', 'Imprimir en este equipo']);
    }
  });

  it('the headline is large and announced; the actions are not part of the announcement', () => {
    const el = html(conImpresora(trabajo('fallo')));
    const estado = el.querySelector('[role="status"]');
    expect(estado?.getAttribute('aria-live')).toBe('polite');
    expect(estado?.getAttribute('aria-label')).toBe('Impresión: Comanda');
    expect(estado?.querySelector('button')).toBeNull();
    expect(el.querySelector('[data-titular]')?.className).toContain('text-lg');
    expect(el.querySelector('[data-impresion="comanda"]')?.getAttribute('data-estado-ticket')).toBe('fallo');
  });

  it('at several printers: the worst state as headline, one smaller line per printer, one action', () => {
    const el = html(conImpresora(trabajo('impreso', 'Cocina'), trabajo('fallo', 'Barra', { error: 'la impresora no tiene papel' })));
    expect(titular(el)).toBe('Falló: la impresora no tiene papel');
    const lineas = [...el.querySelectorAll('[data-detalle] li')].map((li) => li.textContent);
    expect(lineas).toEqual(['Cocina: Impreso 19:42', 'Barra: Falló: la impresora no tiene papel']);
    expect(botones(el)).toEqual(['Reintentar', 'Imprimir en este equipo']);
  });
});

describe("a ticket's actions", () => {
  function montar(props: Partial<PropsImpresionTicket>) {
    const caja = document.createElement('div');
    document.body.append(caja);
    const raiz = createRoot(caja);
    const llamadas = { imprimir: vi.fn(), reintentar: vi.fn(), reimprimir: vi.fn() };
    const render = (p: Partial<PropsImpresionTicket>) =>
      act(() =>
        raiz.render(<ImpresionTicket tipo="comanda" impresion={undefined} alImprimir={llamadas.imprimir} alReintentar={llamadas.reintentar} alReimprimir={llamadas.reimprimir} {...p} />),
      );
    render(props);
    const boton = (texto: string) => [...caja.querySelectorAll('button')].find((b) => b.textContent?.trim() === texto) as HTMLButtonElement;
    return { caja, llamadas, boton, render, fin: () => (act(() => raiz.unmount()), caja.remove()) };
  }

  it('Reintentar puts back every printer that failed; the fallback opens the browser print', () => {
    const m = montar({ impresion: conImpresora(trabajo('fallo', 'Cocina'), trabajo('en_cola', 'Barra'), trabajo('vencido', 'Postres')) });
    act(() => m.boton('Reintentar').click());
    expect(m.llamadas.reintentar).toHaveBeenCalledWith(['Cocina-fallo', 'Postres-vencido']);
    act(() => m.boton('Imprimir en este equipo').click());
    expect(m.llamadas.imprimir).toHaveBeenCalledTimes(1);
    m.fin();
  });

  it('Reimprimir asks for a copy, and shows it is on its way', () => {
    const m = montar({ impresion: conImpresora(trabajo('impreso')) });
    act(() => m.boton('Reimprimir').click());
    expect(m.llamadas.reimprimir).toHaveBeenCalledTimes(1);
    m.render({ impresion: conImpresora(trabajo('impreso')), enCurso: 'reimprimir' });
    expect(m.boton('Reimprimir').getAttribute('aria-busy')).toBe('true');
    m.fin();
  });

  it('changes state in place as the printer answers (queued, then printed)', () => {
    const m = montar({ impresion: conImpresora(trabajo('en_cola')) });
    const estado = m.caja.querySelector('[role="status"]');
    m.render({ impresion: conImpresora(trabajo('impreso')) });
    // The same live region, so the change is announced.
    expect(m.caja.querySelector('[role="status"]')).toBe(estado);
    expect(estado?.querySelector('[data-titular]')?.textContent).toBe('Enviado a Cocina ✓');
    m.fin();
  });

  it('keeps the focus on the ticket when its focused action goes with the state', () => {
    const m = montar({ impresion: conImpresora(trabajo('fallo')) });
    act(() => m.boton('Reintentar').focus());
    m.render({ impresion: conImpresora(trabajo('en_cola')) });
    expect(document.activeElement?.textContent?.trim()).toBe('Imprimir en este equipo');
    m.fin();
  });

  it("focuses the ticket's one action once asked: the state's, else the browser's print", () => {
    const fallo = montar({ impresion: conImpresora(trabajo('fallo')), enfocar: true });
    expect(document.activeElement?.textContent?.trim()).toBe('Reintentar');
    fallo.fin();
    const cola = montar({ impresion: conImpresora(trabajo('en_cola')), enfocar: true });
    expect(document.activeElement?.textContent?.trim()).toBe('Imprimir en este equipo');
    cola.fin();
    const sin = montar({ impresion: undefined });
    sin.render({ impresion: { impresoras: 0, trabajos: [] }, enfocar: true });
    expect(document.activeElement?.textContent?.trim()).toBe('Imprimir Comanda');
    sin.fin();
  });
});
