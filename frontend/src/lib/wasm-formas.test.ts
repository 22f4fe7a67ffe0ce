// The shapes `lib/wasm.ts` exports for what the Rust core takes and answers (generated from the
// Rust definitions by ts-rs), checked against the real WASM build. Each expected shape is typed from its TS interface, so `tsc`
// (npm run build) refuses a key the interface lacks or misses one it has; the assertions refuse
// a key, a missing key or a kind of value the core answers differently. A field added, renamed or
// retyped on one side only fails here.
import { describe, expect, it } from 'vitest';
import {
  agregarPromo,
  conteosDesdeReservacion,
  etiquetaEstado,
  horaSucursal,
  modoAlSentar,
  mensajes,
  pasarEstado,
  validarDatosPersonales,
  walkinNuevo,
  type ConfigHorario,
  type ConteosComanda,
  type DatosPersonales,
  type EstadoReservacion,
  type Evento,
  type FormularioWalkin,
  type HoraSucursal,
  type Mensajes,
  type ModoBuffet,
  type PromoAplicada,
  type ReglaError,
  type Resultado,
} from './wasm';
import { validarCredenciales } from './wasm-acceso';

type Clase = 'string' | 'number' | 'boolean' | 'null' | 'undefined' | 'array' | 'object';

/** The kinds of JSON value a TS type admits (distributes over unions). */
type ClaseDe<V> = V extends string
  ? 'string'
  : V extends number
    ? 'number'
    : V extends boolean
      ? 'boolean'
      : V extends null
        ? 'null'
        : V extends undefined
          ? 'undefined'
          : V extends readonly unknown[]
            ? 'array'
            : 'object';

/** Every key of T, each with one kind its type admits; an optional key may also be absent. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends Pick<T, K>` is how a type asks whether K is optional
type Forma<T> = { [K in keyof T]-?: ClaseDe<T[K]> | ({} extends Pick<T, K> ? 'undefined' : never) };

const forma = <T>(esperada: Forma<T>): Forma<T> => esperada;

function claseDe(v: unknown): Clase {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v as Clase;
}

/** The kind of every key the expected shape names and every key the value has. */
function formaDe(valor: unknown, esperada: object): Record<string, Clase> {
  expect(claseDe(valor)).toBe('object');
  const objeto = valor as Record<string, unknown>;
  const claves = new Set([...Object.keys(esperada), ...Object.keys(objeto)]);
  return Object.fromEntries([...claves].map((k) => [k, claseDe(objeto[k])]));
}

function ok<T>(r: Resultado<T>): T {
  if ('error' in r) throw new Error(`el núcleo rechazó: ${r.error.mensaje}`);
  return r.ok;
}

function error<T>(r: Resultado<T>): ReglaError {
  if (!('error' in r)) throw new Error('el núcleo aceptó lo que debía rechazar');
  return r.error;
}

/** Every member of a string union, checked complete and exact by the Record's keys. */
const miembros = <U extends string>(todos: Record<U, true>): U[] => Object.keys(todos) as U[];

describe('the TS shapes of lib/wasm match what the Rust core answers', () => {
  it('FormularioWalkin: a new walk-in form', () => {
    const esperada = forma<FormularioWalkin>({
      tag: 'string',
      marca: 'string',
      sucursal: 'string',
      status: 'string',
      name: 'string',
      email: 'string',
      phone: 'string',
      evento: 'string',
      no_personas: 'number',
      mesa: 'string',
      mesero_id: 'string',
      mesero_name: 'string',
      buffet_adulto: 'number',
      buffet_boy: 'number',
      buffet_promo_adulto: 'number',
      buffet_promo_girl: 'number',
      buffet_promo_boy: 'number',
      listPromos: 'array',
      isAfter7pm: 'boolean',
      folio: 'string',
    });
    const nuevo = walkinNuevo('polanco', true);
    expect(formaDe(nuevo, esperada)).toEqual(esperada);
    expect(nuevo).toMatchObject({ tag: 'polanco', isAfter7pm: true });
  });

  it('HoraSucursal: "now" at a branch, during a buffet and before any', () => {
    const conPeriodo = forma<HoraSucursal>({
      fecha: 'string',
      hora: 'string',
      fecha_hora: 'string',
      periodo: 'string',
      tarde: 'boolean',
      modo_sugerido: 'string',
    });
    expect(formaDe(ok(horaSucursal('2026-03-01T20:00:00Z')), conPeriodo)).toEqual(conPeriodo);
    const sinPeriodo = forma<HoraSucursal>({ ...conPeriodo, periodo: 'null' });
    expect(formaDe(ok(horaSucursal('2026-03-01T17:00:00Z')), sinPeriodo)).toEqual(sinPeriodo);
  });

  it('ModoBuffet: the core answers exactly the modes TS names', () => {
    const modos = miembros<ModoBuffet>({ Regular: true, Promo: true });
    const vistos = new Set(
      ['2026-03-01T20:00:00Z', '2026-03-02T02:00:00Z'].flatMap((t) => {
        const h = ok(horaSucursal(t));
        return [h.modo_sugerido, h.periodo];
      }),
    );
    vistos.delete(null);
    expect([...vistos].sort()).toEqual([...modos].sort());
  });

  it('ConfigHorario: the core reads every key TS sends', () => {
    // Unknown keys are ignored by the core, so a renamed key would silently do nothing.
    const instante = '2026-03-01T20:00:00Z';
    const porDefecto = ok(horaSucursal(instante));
    const cambios: { [K in keyof ConfigHorario]-?: NonNullable<ConfigHorario[K]> } = {
      zona: 'America/Tijuana',
      inicio_regular: '15:00',
      inicio_promo: '13:30',
      corte_tarde: '13:30',
      fin_dia: '15:00',
      cobro_por_llegada: true,
    };
    for (const [clave, valor] of Object.entries(cambios)) {
      if (clave === 'cobro_por_llegada') {
        // It changes the mode of a party seated after it arrived, not the time of day: written
        // down at 18:35 in Mexico City and seated at 18:55.
        const [llegada, sentado] = ['2026-03-02T00:35:00Z', '2026-03-02T00:55:00Z'];
        expect(ok(modoAlSentar(llegada, sentado, { cobro_por_llegada: cambios.cobro_por_llegada })), clave).not.toEqual(ok(modoAlSentar(llegada, sentado)));
      } else {
        expect(ok(horaSucursal(instante, { [clave]: valor })), clave).not.toEqual(porDefecto);
      }
    }
  });

  it('ConteosComanda: counts prefilled from a reservation', () => {
    const esperada = forma<ConteosComanda>({
      no_personas: 'number',
      buffet_adulto: 'number',
      buffet_boy: 'number',
      buffet_promo_adulto: 'number',
      buffet_promo_girl: 'number',
      buffet_promo_boy: 'number',
      isAfter7pm: 'boolean',
    });
    expect(formaDe(conteosDesdeReservacion(4, true), esperada)).toEqual(esperada);
  });

  it('DatosPersonales: the personal step, with and without contact data', () => {
    const minima = forma<DatosPersonales>({ name: 'string', email: 'null', phone: 'null', evento: 'string' });
    expect(formaDe(ok(validarDatosPersonales({ name: 'Ana' })), minima)).toEqual(minima);
    const completa = forma<DatosPersonales>({ name: 'string', email: 'string', phone: 'string', evento: 'string' });
    const datos = ok(validarDatosPersonales({ name: 'Ana', email: 'ana@demo.mx', phone: '525512345678', evento: 'Aniversario' }));
    expect(formaDe(datos, completa)).toEqual(completa);
  });

  it('Evento: the core accepts and answers every occasion TS names', () => {
    const eventos = miembros<Evento>({
      Ninguno: true,
      Cumpleaños: true,
      Aniversario: true,
      'Ocasión Especial': true,
      'Comida de negocios': true,
    });
    for (const evento of eventos) expect(ok(validarDatosPersonales({ name: 'Ana', evento })).evento).toBe(evento);
  });

  it('PromoAplicada: an applied promotion, with and without celebrants', () => {
    const sinNombres = forma<PromoAplicada>({ _id: 'string', name: 'string', qty: 'number', field: 'undefined', pide_nombres: 'undefined' });
    const [promo] = ok(agregarPromo([], { _id: 'p1', name: '2x1', qty: 2 }, 4));
    expect(formaDe(promo, sinNombres)).toEqual(sinNombres);
    const conNombres = forma<PromoAplicada>({ _id: 'string', name: 'string', qty: 'number', field: 'string', pide_nombres: 'undefined' });
    const [cumple] = ok(agregarPromo([], { _id: 'p2', name: 'Cumpleaños', qty: 1, field: 'Ana' }, 4));
    expect(formaDe(cumple, conNombres)).toEqual(conNombres);
    const conBandera = forma<PromoAplicada>({ _id: 'string', name: 'string', qty: 'number', field: 'string', pide_nombres: 'boolean' });
    const [aniversario] = ok(agregarPromo([], { _id: 'p3', name: 'Aniversario', qty: 1, field: 'Ana', pide_nombres: true }, 4));
    expect(formaDe(aniversario, conBandera)).toEqual(conBandera);
  });

  it('EstadoReservacion: the core knows every status TS names', () => {
    const estados = miembros<EstadoReservacion>({ Pendiente: true, Asistio: true, Vencido: true, Cancelada: true });
    for (const estado of estados) expect('ok' in etiquetaEstado(estado), estado).toBe(true);
    expect(ok(pasarEstado('Pendiente', 'Asistio'))).toBe('Asistio');
  });

  it('ReglaError: what every refusal carries, with and without a field', () => {
    const sinCampo = forma<ReglaError>({ codigo: 'string', campo: 'null', mensaje: 'string' });
    expect(formaDe(error(validarCredenciales('', '')), sinCampo)).toEqual(sinCampo);
    const conCampo = forma<ReglaError>({ codigo: 'string', campo: 'string', mensaje: 'string' });
    expect(formaDe(error(validarCredenciales('ana@demo', 'x')), conCampo)).toEqual(conCampo);
  });

  it('Mensajes: the outcome texts', () => {
    const esperada = forma<Mensajes>({
      datosGuardados: 'string',
      errorAlGuardar: 'string',
      asistenciaRegistrada: 'string',
      promoEliminada: 'string',
    });
    expect(formaDe(mensajes(), esperada)).toEqual(esperada);
  });
});
