// A guest's confirmation as the host reads it: whether a reservation shows «Confirmó», when the
// guest confirmed at the branch, and the next arrivals with the confirmed ones first at each time.
import { fechaYHora, horaCorta } from '@/lib/formato';
import { horaSucursal, type ConfigHorario } from '@/lib/wasm';
import type { Esquema } from '@/lib/api-client';

type ConConfirmacion = Pick<Esquema<'Reservacion'>, 'confirmada' | 'status'>;

/** The guest said they are coming and the reservation still waits for them (Pendiente). */
export function confirmo<T extends ConConfirmacion>(r: T): r is T & { confirmada: string } {
  return r.status === 'Pendiente' && typeof r.confirmada === 'string' && r.confirmada !== '';
}

/**
 * When the guest confirmed, at the branch (core's reading of the instant in the branch's zone):
 * the wall time `YYYY-MM-DD HH:MM` and its time as every screen writes one ("07:05 p.m."); null
 * for an unreadable instant.
 */
export function momentoConfirmacion(confirmada: string, horario: ConfigHorario | null = null): { fechaHora: string; hora: string } | null {
  let leida = horaSucursal(confirmada, horario);
  // Settings core refuses (an unknown zone): the instant is read in the branches' default zone.
  if (!('ok' in leida) && horario) leida = horaSucursal(confirmada, null);
  if (!('ok' in leida)) return null;
  const fechaHora = `${leida.ok.fecha} ${leida.ok.hora}`;
  return { fechaHora, hora: horaCorta(fechaHora) };
}

/** The mark's longer text: "Confirmó su asistencia: 24, nov · 07:05 p.m.". */
export function textoConfirmacion(confirmada: string, horario: ConfigHorario | null = null): string {
  const m = momentoConfirmacion(confirmada, horario);
  return m ? `Confirmó su asistencia: ${fechaYHora(m.fechaHora)}` : 'Confirmó su asistencia';
}

/** The day's arrivals by time; at the same time, those whose guests confirmed come first. */
export function ordenLlegadas<T extends ConConfirmacion & Pick<Esquema<'Reservacion'>, 'fecha_hora'>>(lista: readonly T[]): T[] {
  return [...lista].sort((a, b) => a.fecha_hora.localeCompare(b.fecha_hora) || Number(confirmo(b)) - Number(confirmo(a)));
}
