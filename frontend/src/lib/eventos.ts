// The events of a reservation or a walk-in, for every form that offers them (the console's and
// the public booking page's).
import type { Evento } from './wasm';

/** The events staff pick from, in this order; `satisfies` fails the build if core adds one. */
export const EVENTOS = Object.keys({
  Ninguno: 1,
  Cumpleaños: 1,
  Aniversario: 1,
  'Ocasión Especial': 1,
  'Comida de negocios': 1,
} satisfies Record<Evento, 1>) as Evento[];
