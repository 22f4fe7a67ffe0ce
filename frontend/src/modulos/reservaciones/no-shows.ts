import type { Esquema } from '@/lib/api-client';
// What reminders buy, as the dashboard and an affiliate's page read it: the no-show rate of the
// reservations their guests confirmed against the rest (`Esquema<'NoShowsPorConfirmacion'>`).

const fmtTasa = new Intl.NumberFormat('es-MX', { style: 'percent', maximumFractionDigits: 1 });

/** Reservations of one kind that ended: the guest came or did not. */
export const terminadas = (n: Esquema<'NoShows'>): number => n.asistio + n.vencido;

/** No reservation of either kind ended yet in the period. */
export const sinTerminadas = (p: Esquema<'NoShowsPorConfirmacion'>): boolean => terminadas(p.confirmadas) + terminadas(p.sin_confirmar) === 0;

/**
 * One kind's rate as read: `tasa` "4 %" and `cuenta` "1 de 25" (the no-shows of those that
 * ended); before any ended, a dash and "ninguna terminada".
 */
export function textoNoShows(n: Esquema<'NoShows'>): { tasa: string; cuenta: string } {
  const total = terminadas(n);
  const tasa = total === 0 || n.tasa === null || n.tasa === undefined || !Number.isFinite(n.tasa) ? '—' : fmtTasa.format(n.tasa);
  return { tasa, cuenta: total === 0 ? 'ninguna terminada' : `${n.vencido} de ${total}` };
}

/** The two kinds in the order the screens show them, with their labels. */
export const TIPOS_NO_SHOW = [
  { clave: 'confirmadas', nombre: 'Confirmadas' },
  { clave: 'sin_confirmar', nombre: 'Sin confirmar' },
] as const satisfies readonly { clave: keyof Esquema<'NoShowsPorConfirmacion'>; nombre: string }[];

/** Each kind with its label and figures, in the screens' order. */
export function filasNoShows(p: Esquema<'NoShowsPorConfirmacion'>) {
  return TIPOS_NO_SHOW.map((t) => ({ ...t, datos: p[t.clave] }));
}
