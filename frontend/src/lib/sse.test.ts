import { describe, expect, it } from 'vitest';
import { crearLectorSse, esperaReconexion } from './sse';

describe('the event stream parser', () => {
  it('reads a named event with its id and JSON data', () => {
    const lector = crearLectorSse();
    const eventos = lector.agregar('event: notificacion\nid: 7\ndata: {"_id":"n1"}\n\n');
    expect(eventos).toEqual([{ event: 'notificacion', data: '{"_id":"n1"}', id: '7' }]);
    expect(lector.ultimoId).toBe('7');
  });

  it('joins an event split across chunks at any character', () => {
    const texto = 'event: notificacion\r\nid: 12\r\ndata: {"a":1}\r\n\r\n';
    for (let corte = 1; corte < texto.length; corte++) {
      const lector = crearLectorSse();
      const eventos = [...lector.agregar(texto.slice(0, corte)), ...lector.agregar(texto.slice(corte))];
      expect(eventos, `cut at ${corte}`).toEqual([{ event: 'notificacion', data: '{"a":1}', id: '12' }]);
    }
  });

  it('ignores comment heartbeats and dispatches nothing for them', () => {
    const lector = crearLectorSse('3');
    expect(lector.agregar(': latido\n\n:\n\n')).toEqual([]);
    expect(lector.ultimoId).toBe('3');
  });

  it('joins several data lines with newlines and defaults the type to message', () => {
    expect(crearLectorSse().agregar('data: uno\ndata:dos\ndata\n\n')).toEqual([{ event: 'message', data: 'uno\ndos\n', id: null }]);
  });

  it('accepts CR alone as a line end', () => {
    expect(crearLectorSse().agregar('data: a\r\rdata: b\r\r')).toEqual([
      { event: 'message', data: 'a', id: null },
      { event: 'message', data: 'b', id: null },
    ]);
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const lector = crearLectorSse();
    expect(lector.agregar('event: notificacion\ndata: {}\n')).toEqual([]);
    expect(lector.agregar('\n')).toHaveLength(1);
  });

  it('resets the event type between events and remembers the last id', () => {
    const lector = crearLectorSse();
    const eventos = lector.agregar('event: a\nid: 1\ndata: x\n\ndata: y\n\n');
    expect(eventos.map((e) => [e.event, e.id])).toEqual([
      ['a', '1'],
      ['message', '1'],
    ]);
  });

  it('reads the retry field and ignores an id with a NUL', () => {
    const lector = crearLectorSse();
    lector.agregar('retry: 2500\nid: a\0b\n\n');
    expect(lector.reintentoMs).toBe(2500);
    expect(lector.ultimoId).toBeNull();
  });
});

describe('reconnect backoff', () => {
  it('doubles from one second up to thirty, with some jitter', () => {
    const medio = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => esperaReconexion(n, 1000, 30_000, medio))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(esperaReconexion(0, 1000, 30_000, () => 0)).toBe(800);
    expect(esperaReconexion(0, 1000, 30_000, () => 1)).toBe(1200);
  });
});
