// @vitest-environment happy-dom
import { act, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { SelectorFecha } from './CampoFecha';
import { opcionesHora, SelectorHora } from './CampoHora';

// React's act() in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function montar(nodo: ReactNode) {
  const caja = document.createElement('div');
  document.body.append(caja);
  const raiz = createRoot(caja);
  act(() => raiz.render(nodo));
  return {
    caja,
    desmontar: () => {
      act(() => raiz.unmount());
      caja.remove();
    },
  };
}

const textoDe = (el: Element | null) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function tocar(el: HTMLElement | null) {
  if (!el) throw new Error('no hay nada que tocar');
  await act(async () => el.click());
}

/** Sets a box's value as typing does (React hears the event). */
async function elegir(el: HTMLSelectElement | HTMLInputElement | null, valor: string) {
  if (!el) throw new Error('no existe la caja');
  await act(async () => {
    const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, valor);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

let desmontar: (() => void) | null = null;
afterEach(() => {
  desmontar?.();
  desmontar = null;
});

/** A date box holding its value, as a form does; `valor()` is what the form would send. */
function conFecha(inicial: string, extra: { min?: string; max?: string } = {}) {
  let actual = inicial;
  function Forma() {
    const [v, setV] = useState(inicial);
    return (
      <SelectorFecha
        aria-label="Fecha"
        value={v}
        onChange={(f) => {
          actual = f;
          setV(f);
        }}
        {...extra}
      />
    );
  }
  const m = montar(<Forma />);
  desmontar = m.desmontar;
  return { caja: m.caja, valor: () => actual };
}

const pulsar = async (el: Element | null, key: string) => {
  if (!el) throw new Error('no hay dónde pulsar');
  await act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
};

describe('the date box', () => {
  it('shows the date as the console writes one, whatever the browser speaks', () => {
    const { caja } = conFecha('2026-11-27');
    expect(caja.querySelector('input')?.value).toBe('27, nov 2026');
    expect(caja.querySelector('input')?.getAttribute('data-valor')).toBe('2026-11-27');
  });

  it('takes a typed date in the usual ways and hands on YYYY-MM-DD', async () => {
    const { caja, valor } = conFecha('2026-11-27');
    await elegir(caja.querySelector('input'), '28/11/2026');
    expect(valor()).toBe('2026-11-28');
    await elegir(caja.querySelector('input'), '2026-12-01');
    expect(valor()).toBe('2026-12-01');
    await elegir(caja.querySelector('input'), 'no es fecha');
    expect(valor()).toBe('2026-12-01');
  });

  it('opens a Spanish calendar, Monday first, and chooses a day with the keys', async () => {
    const { caja, valor } = conFecha('2026-11-27', { min: '2026-11-20', max: '2026-12-31' });
    await tocar(caja.querySelector<HTMLButtonElement>('button[aria-label="Abrir calendario"]'));
    const calendario = caja.querySelector('[data-calendario]');
    expect(textoDe(calendario?.querySelector('h2') ?? null)).toBe('Noviembre 2026');
    expect(Array.from(calendario?.querySelectorAll('th') ?? []).map((t) => textoDe(t))).toEqual(['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']);
    expect(calendario?.querySelector('button[data-fecha="2026-11-27"]')?.getAttribute('aria-label')).toBe('Viernes 27, nov 2026');
    // Days before `min` cannot be chosen.
    expect(calendario?.querySelector('button[data-fecha="2026-11-19"]')?.getAttribute('aria-disabled')).toBe('true');
    const dia = () => caja.querySelector('button[data-fecha][tabindex="0"]');
    await pulsar(dia(), 'ArrowRight');
    expect(dia()?.getAttribute('data-fecha')).toBe('2026-11-28');
    await pulsar(dia(), 'ArrowDown');
    expect(dia()?.getAttribute('data-fecha')).toBe('2026-12-05');
    expect(textoDe(caja.querySelector('[data-calendario] h2'))).toBe('Diciembre 2026');
    await pulsar(dia(), 'PageDown');
    // Not past `max`.
    expect(dia()?.getAttribute('data-fecha')).toBe('2026-12-31');
    await pulsar(dia(), 'Enter');
    expect(valor()).toBe('2026-12-31');
    expect(caja.querySelector('[data-calendario]')).toBeNull();
    expect(caja.querySelector('input')?.value).toBe('31, dic 2026');
  });

  it('closes with Escape and keeps the value', async () => {
    const { caja, valor } = conFecha('2026-11-27');
    await pulsar(caja.querySelector('input'), 'ArrowDown');
    expect(caja.querySelector('[data-calendario]')).not.toBeNull();
    await pulsar(caja.querySelector('button[data-fecha][tabindex="0"]'), 'Escape');
    expect(caja.querySelector('[data-calendario]')).toBeNull();
    expect(valor()).toBe('2026-11-27');
  });
});

describe('the time list', () => {
  it('offers the day in steps, written hh:mm a', () => {
    const opciones = opcionesHora(15);
    expect(opciones).toHaveLength(96);
    expect(opciones[0]?.valor).toBe('00:00');
    expect(opciones.find((o) => o.valor === '20:15')?.texto.replace(/[\u00a0\u202f]/g, ' ')).toBe('08:15 p.m.');
  });

  it('keeps a saved time off the steps in its place', () => {
    const opciones = opcionesHora(15, '18:40');
    expect(opciones.map((o) => o.valor).slice(74, 77)).toEqual(['18:30', '18:40', '18:45']);
  });

  it('hands on HH:MM', async () => {
    let actual = '13:00';
    const m = montar(<SelectorHora aria-label="Abre" value="13:00" onChange={(v) => (actual = v)} />);
    desmontar = m.desmontar;
    const select = m.caja.querySelector('select');
    expect(textoDe(select?.selectedOptions[0] ?? null)).toBe('01:00 p.m.');
    await elegir(select, '21:30');
    expect(actual).toBe('21:30');
  });
});
