// A party past its time: a reservation still Pendiente once its time has gone by is late by the
// whole minutes since, read against the console's clock at the branch (core's `horaSucursal`, in
// the branch's zone). The list, the floor and the next arrivals all show it as «Retrasada N min».
import { horaLocalEn, leerHoraLocal } from '@/lib/formato';
import { horaSucursal, type ConfigHorario } from '@/lib/wasm';

/**
 * Whole minutes `fechaHora` (a wall time, "YYYY-MM-DD HH:MM") is behind `ahoraLocal` (the branch's
 * wall time now, same form); null when it is not late: not yet due, less than a minute past, or
 * either value unreadable. A whole day's wall times are compared, so 11:50 p.m. is late at 12:05 a.m.
 */
export function minutosRetraso(fechaHora: string, ahoraLocal: string): number | null {
  const cita = leerHoraLocal(fechaHora);
  const ahora = leerHoraLocal(ahoraLocal);
  if (!cita || !ahora) return null;
  const minutos = Math.floor((ahora.getTime() - cita.getTime()) / 60_000);
  return minutos >= 1 ? minutos : null;
}

const DIA_MIN = 24 * 60;

/**
 * The same for a time alone ("HH:MM", the floor's next arrival): it is taken on the day that puts
 * it nearest to `ahoraLocal`, so 11:50 p.m. read at 12:05 a.m. is 15 minutes late, not due in a day.
 */
export function minutosRetrasoHora(hora: string, ahoraLocal: string): number | null {
  const cita = leerHoraLocal(`${ahoraLocal.slice(0, 10)} ${hora}`);
  const ahora = leerHoraLocal(ahoraLocal);
  if (!cita || !ahora) return null;
  let minutos = Math.floor((ahora.getTime() - cita.getTime()) / 60_000);
  if (minutos > DIA_MIN / 2) minutos -= DIA_MIN;
  else if (minutos <= -DIA_MIN / 2) minutos += DIA_MIN;
  return minutos >= 1 ? minutos : null;
}

/** A reservation's lateness: only one still waited for (Pendiente) is late. */
export function retrasoDe(r: { status: string; fecha_hora: string }, ahoraLocal: string): number | null {
  return r.status === 'Pendiente' ? minutosRetraso(r.fecha_hora, ahoraLocal) : null;
}

/** «Retrasada 4 min». */
export function textoRetraso(minutos: number): string {
  return `Retrasada ${minutos} min`;
}

/** The branch's wall time at `instante` ("YYYY-MM-DD HH:MM"), by core in the branch's zone. */
export function horaLocalSucursal(instante: Date, horario: ConfigHorario | null = null): string {
  let leida = horaSucursal(instante.toISOString(), horario);
  // Settings core refuses (an unknown zone): the instant is read in the branches' default zone.
  if (!('ok' in leida) && horario) leida = horaSucursal(instante.toISOString(), null);
  return 'ok' in leida ? `${leida.ok.fecha} ${leida.ok.hora}` : horaLocalEn(instante);
}
