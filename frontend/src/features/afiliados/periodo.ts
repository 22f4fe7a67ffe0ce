// Pure helpers of an affiliate's page: the period read from and written to the address, and the
// attendance rate as read.
import { diaEn, sumarDias } from '@/lib/formato';
import { ahora as relojAhora } from '@/lib/reloj';
import type { Esquema } from '@/lib/api-client';

/** Days the period covers when the address does not say (today and the 29 before). */
export const DIAS_PERIODO = 30;

export interface Periodo {
  desde: string;
  hasta: string;
}

const esDia = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The period of `?desde=&hasta=`; a missing or malformed end falls back to the last 30 days. */
export function periodoDe(params: URLSearchParams, ahora: Date = relojAhora()): Periodo {
  const hoy = diaEn(ahora);
  const hasta = esDia(params.get('hasta')) ? (params.get('hasta') as string) : hoy;
  const desde = esDia(params.get('desde')) ? (params.get('desde') as string) : sumarDias(hasta, -(DIAS_PERIODO - 1));
  return desde <= hasta ? { desde, hasta } : { desde: hasta, hasta: desde };
}

/** The attendance rate (the server's fraction, 0 to 1) as a whole percentage; a dash when there were none. */
export function textoTasa(tasa: number, total: number): string {
  if (total === 0 || Number.isNaN(tasa)) return '—';
  return new Intl.NumberFormat('es-MX', { style: 'percent', maximumFractionDigits: 0 }).format(tasa);
}

/** The kinds of partner, in the form's order; the stored name is the label staff read. */
export const TIPOS_AFILIADO = ['Hotel', 'Concierge', 'Airbnb', 'Agencia', 'Otro'] as const satisfies readonly Esquema<'TipoAfiliado'>[];

// Every kind core knows is offered: a kind added there and missing here fails the build.
type Faltante = Exclude<Esquema<'TipoAfiliado'>, (typeof TIPOS_AFILIADO)[number]>;
export const SIN_FALTANTES: Faltante extends never ? true : never = true;
