// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LineaHistorial, MarcaRiesgo } from './HistorialCliente';
import type { Esquema } from '@/lib/api-client';

const historial = (h: Partial<Esquema<'HistorialCliente'>>): Esquema<'HistorialCliente'> => ({
  visitas: 0,
  ultima_visita: null,
  no_shows: 0,
  no_shows_recientes: 0,
  riesgo_no_show: false,
  ...h,
});

function texto(html: string): string {
  const caja = document.createElement('div');
  caja.innerHTML = html;
  return caja.textContent ?? '';
}

describe("the guest's history line", () => {
  it('says nothing without a client, «Nuevo» for a first visit', () => {
    expect(renderToStaticMarkup(<LineaHistorial cliente={null} />)).toBe('');
    expect(texto(renderToStaticMarkup(<LineaHistorial cliente={historial({})} />))).toBe('Nuevo');
  });

  it('reads the visits, the latest and the no-shows, in es-MX', () => {
    const una = historial({ visitas: 1, ultima_visita: '2026-11-01 14:00' });
    expect(texto(renderToStaticMarkup(<LineaHistorial cliente={una} />))).toBe('1 visita · última 01, nov 2026');
    const varias = historial({ visitas: 3, ultima_visita: '2026-11-01 14:00', no_shows: 2 });
    expect(texto(renderToStaticMarkup(<LineaHistorial cliente={varias} />))).toBe('3 visitas · última 01, nov 2026 · 2 no-shows');
  });

  it('adds «Riesgo de no-show (N)» only when the server says the guest is at risk', () => {
    const riesgo = historial({ visitas: 1, ultima_visita: '2026-11-01 14:00', no_shows: 2, no_shows_recientes: 2, riesgo_no_show: true });
    expect(texto(renderToStaticMarkup(<MarcaRiesgo cliente={riesgo} />))).toBe('Riesgo de no-show (2)');
    expect(renderToStaticMarkup(<MarcaRiesgo cliente={{ ...riesgo, riesgo_no_show: false }} />)).toBe('');
    expect(texto(renderToStaticMarkup(<LineaHistorial cliente={riesgo} />))).toContain('Riesgo de no-show (2)');
  });
});
