import { describe, expect, it } from 'vitest';
import { mensajes, regla, validarCorreo, validarDatosPersonales } from './wasm';

describe('the WASM core through lib/wasm', () => {
  it('answers an accepted e-mail normalised', () => {
    expect(validarCorreo(' Ana@Demo.MX ')).toEqual({ ok: 'ana@demo.mx' });
    expect(validarCorreo('')).toEqual({ ok: null });
  });

  it('turns a refusal into { error } with the core code and a message', () => {
    const r = validarCorreo('ana@demo');
    expect('error' in r && r.error.codigo).toBe('correo_invalido');
    expect('error' in r && r.error.mensaje.length).toBeGreaterThan(0);
  });

  it('reports which field a refusal is about', () => {
    const r = validarDatosPersonales({ name: '   ' });
    expect('error' in r && r.error.codigo).toBe('nombre_requerido');
  });

  it('lets bugs (anything not a refusal) propagate', () => {
    expect(() =>
      regla(() => {
        throw new TypeError('bug');
      }),
    ).toThrow(TypeError);
  });

  it('gives the outcome texts of the screens', () => {
    const m = mensajes();
    expect(Object.keys(m).sort()).toEqual(['asistenciaRegistrada', 'datosGuardados', 'errorAlGuardar', 'promoEliminada']);
    for (const texto of Object.values(m)) expect(texto).not.toBe('');
  });
});
