// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { reservacionDe } from '@/testing/datos';
import { ItemReservacion } from './ItemReservacion';
import type { Esquema } from '@/lib/api-client';

function html(r: Esquema<'Reservacion'>, seleccionada = false): HTMLElement {
  const marcado = renderToStaticMarkup(
    <MemoryRouter>
      <ItemReservacion reservacion={r} ruta={`/reservaciones/hoy/${r._id}`} seleccionada={seleccionada} />
    </MemoryRouter>,
  );
  const caja = document.createElement('div');
  caja.innerHTML = marcado;
  return caja;
}

const texto = (el: HTMLElement, sel: string) => el.querySelector(sel)?.textContent?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

describe('a reservation in the sidebar', () => {
  it('links to /reservaciones/{slug}/{id} and shows date, time and the name', () => {
    const el = html(reservacionDe({ _id: 'abc', name: 'Ana López', fecha_hora: '2025-01-05T14:30:00' }));
    expect(el.querySelector('a')?.getAttribute('href')).toBe('/reservaciones/hoy/abc');
    expect(texto(el, '[data-campo="fecha"]')).toBe('05, ene');
    expect(texto(el, '[data-campo="hora"]')).toBe('02:30 p.m.');
    expect(texto(el, '[data-campo="nombre"]')).toBe('Ana López');
  });

  it('cuts a long name to 15 characters and keeps the whole one as its title', () => {
    const el = html(reservacionDe({ name: 'Karla Domínguez Ortega' }));
    expect(texto(el, '[data-campo="nombre"]')).toBe('Karla Domínguez…');
    expect(el.querySelector('[data-campo="nombre"]')?.getAttribute('title')).toBe('Karla Domínguez Ortega');
  });

  it('marks the origin, each of the seven with a name', () => {
    for (const origin of ['Widget', 'Plataforma', 'Whatsapp', 'Chatbot', 'Airbnb', 'Concierge', 'google'] as const) {
      const el = html(reservacionDe({ origin }));
      const marca = el.querySelector(`[data-origen="${origin}"]`);
      expect(marca, origin).not.toBeNull();
      expect(marca?.querySelector('svg'), origin).not.toBeNull();
      expect(marca?.textContent, origin).toMatch(/^Origen: \S+/);
    }
  });

  it('shows the verified tick only when e-mail or phone is verified', () => {
    const sin = html(reservacionDe({ verified: { email_verified: false, phone_verified: false, origin_declarado: false } }));
    expect(sin.querySelector('[data-marca="verificada"]')).toBeNull();
    for (const verified of [
      { email_verified: true, phone_verified: false, origin_declarado: false },
      { email_verified: false, phone_verified: true, origin_declarado: false },
    ]) {
      expect(html(reservacionDe({ verified })).querySelector('[data-marca="verificada"]')).not.toBeNull();
    }
  });

  it('shows an event mark unless the event is Ninguno, and a comment mark only with comments', () => {
    const nada = html(reservacionDe({ evento: 'Ninguno', comentarios: '  ' }));
    expect(nada.querySelector('[data-marca="evento"]')).toBeNull();
    expect(nada.querySelector('[data-marca="comentario"]')).toBeNull();
    const todo = html(reservacionDe({ evento: 'Cumpleaños', comentarios: 'Traen pastel' }));
    expect(todo.querySelector('[data-marca="evento"]')?.textContent).toBe('Evento: Cumpleaños');
    expect(todo.querySelector('[data-marca="comentario"]')).not.toBeNull();
  });

  it('marks «Confirmó» on a Pendiente one whose guest confirmed, the branch time in its tooltip', () => {
    expect(html(reservacionDe({ confirmada: null })).querySelector('[data-marca="confirmo"]')).toBeNull();
    const el = html(reservacionDe({ confirmada: '2026-11-26T01:05:00Z' }));
    const marca = el.querySelector('[data-marca="confirmo"]');
    expect(marca?.getAttribute('title')?.replace(/[\u00a0\u202f]/g, ' ')).toBe('Confirmó su asistencia: 25, nov · 07:05 p.m.');
    expect(texto(el, '[data-marca="confirmo"]')).toBe('Confirmó a las 07:05 p.m.');
    // Once seated, gone or cancelled, the state says it all.
    for (const status of ['Asistio', 'Vencido', 'Cancelada'] as const) {
      expect(html(reservacionDe({ status, confirmada: '2026-11-26T01:05:00Z' })).querySelector('[data-marca="confirmo"]'), status).toBeNull();
    }
  });

  it('says which one is open', () => {
    expect(html(reservacionDe(), true).querySelector('a')?.getAttribute('aria-current')).toBe('page');
    expect(html(reservacionDe(), false).querySelector('a')?.hasAttribute('aria-current')).toBe(false);
  });

  it('marks a party past its time «Retrasada N min», beside «Confirmó»', () => {
    const r = reservacionDe({ status: 'Pendiente', fecha_hora: '2026-11-27 20:00', confirmada: '2026-11-27T18:00:00Z' });
    const caja = document.createElement('div');
    caja.innerHTML = renderToStaticMarkup(
      <MemoryRouter>
        <ItemReservacion reservacion={r} ruta="/reservaciones/hoy/x" seleccionada={false} retraso={4} />
      </MemoryRouter>,
    );
    expect(texto(caja, '[data-marca="retraso"]')).toBe('Retrasada 4 min');
    expect(caja.querySelector('[data-marca="confirmo"]')).not.toBeNull();
    expect(html(r).querySelector('[data-marca="retraso"]')).toBeNull();
  });
});
