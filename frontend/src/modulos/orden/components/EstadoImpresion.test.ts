import { describe, expect, it } from 'vitest';
import { pendiente } from '../api/get-impresion';
import { textoEstado } from './EstadoImpresion';

describe("a ticket's state at the printer, as the host reads it", () => {
  it('says queued, printed with its time, failed with the reason, or expired', () => {
    expect(textoEstado({ estado: 'en_cola', impreso: null, error: null })).toBe('En cola');
    expect(textoEstado({ estado: 'impreso', impreso: '19:42', error: null })).toBe('Impreso 19:42');
    expect(textoEstado({ estado: 'fallo', impreso: null, error: 'la impresora no tiene papel' })).toBe('Falló: la impresora no tiene papel');
    expect(textoEstado({ estado: 'fallo', impreso: null, error: null })).toBe('Falló: la impresora no responde');
    expect(textoEstado({ estado: 'vencido', impreso: null, error: 'venció tras esperar 30 min a la impresora' })).toBe('Venció sin imprimirse');
  });

  it('is followed (read again every few seconds) while a ticket is queued or failing, and not once all settled', () => {
    const trabajo = (estado: 'en_cola' | 'fallo' | 'impreso' | 'vencido') => ({
      _id: estado,
      tipo: 'comanda' as const,
      impresora: 'Cocina',
      estado,
      intentos: 0,
      error: null,
      reimpresion: false,
      en_cola: '19:41',
      impreso: null,
    });
    expect(pendiente(undefined)).toBe(false);
    expect(pendiente({ impresoras: 1, trabajos: [trabajo('impreso'), trabajo('en_cola')] })).toBe(true);
    expect(pendiente({ impresoras: 1, trabajos: [trabajo('fallo')] })).toBe(true);
    expect(pendiente({ impresoras: 1, trabajos: [trabajo('impreso'), trabajo('vencido')] })).toBe(false);
  });
});
