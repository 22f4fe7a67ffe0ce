import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as moduloAcceso from '../wasm/acceso/anfitrion_wasm.js';
import { codigoAfiliado, exigirEditable, mensajes, promoVigente, regla, validarAfiliado, validarClaveNueva, validarCorreo, validarDatosPersonales, validarPromocion } from './wasm';
import { validarCredenciales } from './wasm-acceso';

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

  it("the login's module carries the login's check and none of the signed-in screens' rules", () => {
    const exportadas = Object.entries(moduloAcceso)
      .filter(([nombre, v]) => typeof v === 'function' && !['default', 'initSync'].includes(nombre))
      .map(([nombre]) => nombre);
    expect(exportadas).toEqual(['validarCredenciales']);
  });

  it('checks a login before it is sent: both fields, then the e-mail', () => {
    expect(validarCredenciales(' Ana@Demo.MX ', 'x')).toEqual({ ok: 'ana@demo.mx' });
    for (const [correo, clave] of [['', 'demo1234'], ['ana@demo.mx', ''], ['  ', '']] as const) {
      const r = validarCredenciales(correo, clave);
      expect('error' in r && r.error).toMatchObject({ codigo: 'credenciales_incompletas', campo: null });
    }
    const r = validarCredenciales('ana@demo', 'demo1234');
    expect('error' in r && r.error).toMatchObject({ codigo: 'correo_invalido', campo: 'email' });
  });

  it("refuses to edit a reservation that is no longer pending, with core's reason", () => {
    expect(exigirEditable('Pendiente')).toEqual({ ok: null });
    const r = exigirEditable('Asistio');
    expect('error' in r && r.error).toMatchObject({ codigo: 'reservacion_no_editable' });
    expect('error' in r && r.error.mensaje).toContain('«Asistió»');
  });

  it('checks a new password', () => {
    expect(validarClaveNueva('demo1234')).toEqual({ ok: null });
    const r = validarClaveNueva('corta');
    expect('error' in r && r.error.campo).toBe('password');
  });

  it("declares what every export takes and answers: the modules' declarations check, imports included", () => {
    // The declarations name core's types (wasm/tipos) and the API's (types/openapi). `tsc` skips
    // checking declaration files, where a type that cannot be imported would silently be `any`;
    // this checks them in full.
    const wasm = join(dirname(fileURLToPath(import.meta.url)), '..', 'wasm');
    const declaraciones = ['acceso/anfitrion_wasm.d.ts', 'pkg/anfitrion_wasm.d.ts', 'qr/anfitrion_wasm_qr.d.ts'];
    const programa = ts.createProgram(
      declaraciones.map((d) => join(wasm, d)),
      {
        noEmit: true,
        strict: true,
        skipLibCheck: false,
        skipDefaultLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
        types: [],
      },
    );
    const errores = ts.getPreEmitDiagnostics(programa).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
    expect(errores).toEqual([]);
  }, 30_000);

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

  it("decides a promotion's day with core's rule: switched on, inside its dates, on its weekdays", () => {
    // 2026-11-24 is a Tuesday (2).
    expect(promoVigente({ name: '2x1', dias: [2] }, '2026-11-24')).toEqual({ ok: true });
    expect(promoVigente({ name: '2x1', dias: [3] }, '2026-11-24')).toEqual({ ok: false });
    expect(promoVigente({ name: '2x1', activa: false }, '2026-11-24')).toEqual({ ok: false });
    expect(promoVigente({ name: '2x1', hasta: '2026-11-23' }, '2026-11-24')).toEqual({ ok: false });
  });

  it('checks the promotion and affiliate forms before they are sent, naming the field', () => {
    const ventana = validarPromocion({ name: 'Noches', desde: '2026-12-31', hasta: '2026-12-01' });
    expect('error' in ventana && ventana.error.campo).toBe('hasta');
    expect(validarPromocion({ name: 'Noches', dias: [1, 7] })).toEqual({ ok: null });
    const tipo = validarAfiliado({ code: 'HOTEL-1', name: 'Hotel', tipo: 'Crucero' });
    expect('error' in tipo && tipo.error.campo).toBe('tipo');
    expect(codigoAfiliado(' hotel-1 ')).toEqual({ ok: 'HOTEL-1' });
  });
});
