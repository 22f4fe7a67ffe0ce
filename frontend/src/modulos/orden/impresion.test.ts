import { describe, expect, it } from 'vitest';
import { pendiente } from './api/get-impresion';
import { resumenTicket, textoEstado, type Trabajo } from './impresion';

type Estado = Trabajo['estado'];

let siguiente = 0;
/** One job of the comanda (unless told) at `impresora`. */
function trabajo(estado: Estado, impresora = 'Cocina', extra: Partial<Trabajo> = {}): Trabajo {
  siguiente += 1;
  return {
    _id: `t${siguiente}`,
    tipo: 'comanda',
    impresora,
    estado,
    error: estado === 'fallo' ? null : estado === 'vencido' ? 'venció tras esperar 30 min a la impresora' : null,
    reimpresion: false,
    impreso: estado === 'impreso' ? '19:42' : null,
    ...extra,
  };
}

const ESTADOS: Estado[] = ['en_cola', 'impreso', 'fallo', 'vencido'];
/** The rule itself: a failure anywhere is worst, then anything still queued, then printed. */
const peor = (estados: Estado[]) => (estados.some((e) => e === 'fallo' || e === 'vencido') ? 'fallo' : estados.includes('en_cola') ? 'en_cola' : 'impreso');

describe("a ticket's one state at the branch's printers", () => {
  it('is no printer at all when no job prints this ticket (the browser prints it)', () => {
    for (const trabajos of [[], [trabajo('impreso', 'Cocina', { tipo: 'abre' })]]) {
      expect(resumenTicket(trabajos, 'comanda')).toEqual({ estado: 'sin_impresora', titular: '', accion: null, porImpresora: [], aReintentar: [] });
    }
  });

  it('at one printer: queued with no action, printed with Reimprimir, failed or expired with Reintentar', () => {
    expect(resumenTicket([trabajo('en_cola')], 'comanda')).toMatchObject({ estado: 'en_cola', titular: 'En cola', accion: null, aReintentar: [] });
    expect(resumenTicket([trabajo('impreso')], 'comanda')).toMatchObject({ estado: 'impreso', titular: 'Enviado a Cocina ✓', accion: 'reimprimir', aReintentar: [] });
    const fallo = trabajo('fallo');
    expect(resumenTicket([fallo], 'comanda')).toMatchObject({ estado: 'fallo', titular: 'Falló: la impresora no responde', accion: 'reintentar', aReintentar: [fallo._id] });
    const vencido = trabajo('vencido');
    expect(resumenTicket([vencido], 'comanda')).toMatchObject({ estado: 'fallo', titular: 'Falló: venció tras esperar 30 min a la impresora', accion: 'reintentar', aReintentar: [vencido._id] });
  });

  it("says the failure in the job's own words, and a silent printer's as not answering", () => {
    expect(resumenTicket([trabajo('fallo', 'Cocina', { error: 'la impresora no tiene papel' })], 'comanda').titular).toBe('Falló: la impresora no tiene papel');
    expect(resumenTicket([trabajo('fallo', 'Cocina', { error: '  ' })], 'comanda').titular).toBe('Falló: la impresora no responde');
    expect(resumenTicket([trabajo('vencido', 'Cocina', { error: null })], 'comanda').titular).toBe('Falló: la impresora no responde');
  });

  it('names the printers it went to', () => {
    expect(resumenTicket([trabajo('impreso', 'Caja', { tipo: 'abre' })], 'abre').titular).toBe('Enviado a Caja ✓');
    expect(resumenTicket([trabajo('impreso', 'Cocina'), trabajo('impreso', 'Barra')], 'comanda').titular).toBe('Enviado a Cocina y Barra ✓');
    expect(resumenTicket([trabajo('impreso', 'Cocina'), trabajo('impreso', 'Barra'), trabajo('impreso', 'Postres')], 'comanda').titular).toBe('Enviado a 3 impresoras ✓');
  });

  it('at two printers, the worst state wins, whichever printer has it (every combination)', () => {
    for (const a of ESTADOS) {
      for (const b of ESTADOS) {
        const r = resumenTicket([trabajo(a, 'Cocina'), trabajo(b, 'Barra')], 'comanda');
        const esperado = peor([a, b]);
        expect(r.estado, `${a} + ${b}`).toBe(esperado);
        expect(r.accion, `${a} + ${b}`).toBe(esperado === 'fallo' ? 'reintentar' : esperado === 'impreso' ? 'reimprimir' : null);
        expect(r.porImpresora.map((t) => t.impresora)).toEqual(['Cocina', 'Barra']);
        // Reintentar puts back exactly the printers' jobs that failed or expired.
        expect(r.aReintentar).toEqual(r.porImpresora.filter((t) => t.estado === 'fallo' || t.estado === 'vencido').map((t) => t._id));
      }
    }
  });

  it("counts each printer by its latest job: a reprint or a later job supersedes the earlier one", () => {
    const original = trabajo('impreso');
    const copia = trabajo('en_cola', 'Cocina', { reimpresion: true });
    const r = resumenTicket([original, copia], 'comanda');
    expect(r).toMatchObject({ estado: 'en_cola', titular: 'En cola', accion: null });
    expect(r.porImpresora).toEqual([copia]);
    // An old failure followed by a printed copy: the kitchen has the ticket.
    expect(resumenTicket([trabajo('fallo'), trabajo('impreso', 'Cocina', { reimpresion: true })], 'comanda').estado).toBe('impreso');
    // A printed original followed by a failed copy: the copy asked for did not go out.
    const copiaFallida = trabajo('fallo', 'Cocina', { reimpresion: true });
    expect(resumenTicket([trabajo('impreso'), copiaFallida], 'comanda')).toMatchObject({ estado: 'fallo', aReintentar: [copiaFallida._id] });
  });

  it("reads only this ticket's jobs", () => {
    const trabajos = [trabajo('impreso', 'Cocina'), trabajo('fallo', 'Cocina', { tipo: 'abre' })];
    expect(resumenTicket(trabajos, 'comanda').estado).toBe('impreso');
    expect(resumenTicket(trabajos, 'abre').estado).toBe('fallo');
  });
});

describe("a ticket's detail line at one printer", () => {
  it('says queued, printed with its time, failed with the reason, or expired', () => {
    expect(textoEstado({ estado: 'en_cola', impreso: null, error: null })).toBe('En cola');
    expect(textoEstado({ estado: 'impreso', impreso: '19:42', error: null })).toBe('Impreso 19:42');
    expect(textoEstado({ estado: 'fallo', impreso: null, error: 'la impresora no tiene papel' })).toBe('Falló: la impresora no tiene papel');
    expect(textoEstado({ estado: 'fallo', impreso: null, error: null })).toBe('Falló: la impresora no responde');
    expect(textoEstado({ estado: 'vencido', impreso: null, error: 'venció tras esperar 30 min a la impresora' })).toBe('Venció sin imprimirse');
  });
});

describe('following the printing', () => {
  it('reads again every few seconds while a ticket is queued or failing, and not once all settled', () => {
    const t = (estado: Estado) => ({ ...trabajo(estado), intentos: 0, en_cola: '19:41' });
    expect(pendiente(undefined)).toBe(false);
    expect(pendiente({ impresoras: 1, trabajos: [t('impreso'), t('en_cola')] })).toBe(true);
    expect(pendiente({ impresoras: 1, trabajos: [t('fallo')] })).toBe(true);
    expect(pendiente({ impresoras: 1, trabajos: [t('impreso'), t('vencido')] })).toBe(false);
  });
});
