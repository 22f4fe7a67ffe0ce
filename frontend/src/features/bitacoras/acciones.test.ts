import { describe, expect, it } from 'vitest';
import { cambios, etiquetaAccion, valorCorto } from './acciones';

describe('etiquetaAccion', () => {
  it('reads each action of the log in Spanish words', () => {
    expect(etiquetaAccion('registrar')).toBe('Registro');
    expect(etiquetaAccion('crear')).toBe('Registro');
    expect(etiquetaAccion('cancelar')).toBe('Cancelación');
    expect(etiquetaAccion('editar')).toBe('Edición');
    expect(etiquetaAccion('editar_cliente')).toBe('Edición del cliente');
    expect(etiquetaAccion('asistencia')).toBe('Asistencia');
    expect(etiquetaAccion('no_show')).toBe('No asistió');
    expect(etiquetaAccion('leer')).toBe('Notificación leída');
  });
  it('shows an unknown action as written, capitalised', () => {
    expect(etiquetaAccion('reabrir_mesa')).toBe('Reabrir mesa');
    expect(etiquetaAccion('')).toBe('—');
  });
});

describe('cambios', () => {
  it('lists only the fields that differ', () => {
    expect(cambios({ personas: 4, nombre: 'Ana', estado: 'pendiente' }, { personas: 6, nombre: 'Ana', estado: 'pendiente' })).toEqual([
      { campo: 'personas', antes: '4', despues: '6' },
    ]);
  });
  it('handles a missing side', () => {
    expect(cambios(null, { estado: 'cancelada' })).toEqual([{ campo: 'estado', antes: null, despues: 'cancelada' }]);
    expect(cambios({ estado: 'pendiente' }, null)).toEqual([{ campo: 'estado', antes: 'pendiente', despues: null }]);
    expect(cambios(null, null)).toEqual([]);
  });
  it('shortens long values', () => {
    expect(valorCorto('x'.repeat(60), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(valorCorto({ a: 1 })).toBe('{"a":1}');
    expect(valorCorto(null)).toBe('—');
  });
});
