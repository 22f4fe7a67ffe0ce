// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarcaRetraso } from './MarcaRetraso';

describe('the late mark', () => {
  it('reads «Retrasada N min» and says nothing for a party on time', () => {
    expect(renderToStaticMarkup(<MarcaRetraso minutos={null} />)).toBe('');
    const caja = document.createElement('div');
    caja.innerHTML = renderToStaticMarkup(<MarcaRetraso minutos={4} />);
    expect(caja.textContent).toBe('Retrasada 4 min');
    expect(caja.querySelector('[data-marca="retraso"]')?.getAttribute('data-minutos')).toBe('4');
  });
});
