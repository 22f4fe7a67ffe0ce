// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorPublico } from '../api';
import { montar } from './prueba-dom';
import { esDefinitivo, useAccion } from './use-accion';

type Hook = ReturnType<typeof useAccion>;
let desmontar = () => undefined as void;
afterEach(() => desmontar());

function conHook(): () => Hook {
  let actual: Hook | null = null;
  function Prueba() {
    actual = useAccion();
    return null;
  }
  desmontar = montar(<Prueba />).desmontar;
  return () => actual as unknown as Hook;
}

describe("a guest's action, sent once", () => {
  it('a second tap while the first goes is nothing', async () => {
    const hook = conHook();
    let soltar: (v: string) => void = () => undefined;
    const claves: string[] = [];
    let primera: Promise<unknown> = Promise.resolve();
    let segunda: Promise<unknown> = Promise.resolve();
    await act(async () => {
      primera = hook().ejecutar('confirmar', (clave) => (claves.push(clave), new Promise<string>((r) => (soltar = r))));
      segunda = hook().ejecutar('confirmar', (clave) => (claves.push(clave), Promise.resolve('otra')));
    });
    expect(hook().enviando).toBe(true);
    expect(await segunda).toBeNull();
    await act(async () => soltar('hecho'));
    expect(await primera).toEqual({ ok: true, datos: 'hecho' });
    expect(claves).toHaveLength(1);
    expect(hook().enviando).toBe(false);
  });

  it('keeps its key after no answer; any answer ends it, and the next is a new key', async () => {
    const hook = conHook();
    const claves: string[] = [];
    const sinRed = (clave: string) => (claves.push(clave), Promise.reject(new ErrorPublico('Sin conexión', 0)));
    const rechazo = (clave: string) => (claves.push(clave), Promise.reject(new ErrorPublico('Este enlace ya se usó.', 409)));
    await act(async () => void (await hook().ejecutar('cancelar', sinRed)));
    await act(async () => void (await hook().ejecutar('cancelar', rechazo)));
    await act(async () => void (await hook().ejecutar('cancelar', sinRed)));
    // Another action (other data) never shares the key of the one left unanswered.
    await act(async () => void (await hook().ejecutar('confirmar', sinRed)));
    expect(claves[1]).toBe(claves[0]);
    expect(claves[2]).not.toBe(claves[1]);
    expect(claves[3]).not.toBe(claves[2]);
  });

  it('only a refusal that cannot change stops offering the action', () => {
    expect([400, 404, 409, 422].map((s) => esDefinitivo(new ErrorPublico('x', s)))).toEqual([true, true, true, true]);
    expect([0, 429, 500, 503].map((s) => esDefinitivo(new ErrorPublico('x', s)))).toEqual([false, false, false, false]);
  });
});
