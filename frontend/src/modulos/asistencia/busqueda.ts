// What a check-in lookup found, read from the server's answer or its refusal.
import { ApiError, type Esquema } from '@/lib/api-client';

/** The lookup's method: none, the scanner device, the camera, or the guest's e-mail. */
export type MetodoBusqueda = 'device' | 'cam' | 'user';

export type Hallazgo =
  /** This branch's, Pendiente: the only one the attendance may go on with. */
  | { tipo: 'pendiente'; reservacion: Esquema<'Reservacion'> }
  /** Another branch's: only its brand and branch are known here. */
  | { tipo: 'otra-sucursal'; marca: string; sucursal: string }
  /** This branch's, but already seated, a no-show or cancelled. */
  | { tipo: 'no-pendiente'; reservacion: Esquema<'Reservacion'> }
  /** This branch's and Pendiente, but not for now: another day's, or past its tolerance. */
  | { tipo: 'otro-momento'; reservacion: Esquema<'Reservacion'>; motivo: string };

type Nombres = Pick<Esquema<'Reservacion'>, 'marca' | 'sucursal'>;

function tieneNombres(v: unknown): v is Nombres {
  const d = v as Partial<Nombres> | null;
  return typeof d === 'object' && d !== null && typeof d.marca?.name === 'string' && typeof d.sucursal?.name === 'string';
}

function esReservacion(v: unknown): v is Esquema<'Reservacion'> {
  const d = v as Partial<Esquema<'Reservacion'>> | null;
  return tieneNombres(v) && typeof d?._id === 'string' && typeof d.status === 'string' && typeof d.tag_sucursal === 'string';
}

/** A reservation the lookup answered, as the current branch `tag` sees it. */
export function hallazgoDe(r: Esquema<'Reservacion'>, tag: string): Hallazgo {
  if (r.tag_sucursal !== tag) return { tipo: 'otra-sucursal', marca: r.marca.name, sucursal: r.sucursal.name };
  return r.status === 'Pendiente' ? { tipo: 'pendiente', reservacion: r } : { tipo: 'no-pendiente', reservacion: r };
}

/**
 * What a refused lookup still tells (409): another branch's brand and branch, or the reservation
 * that is no longer pending. Null when it tells nothing more than its message (404, 400, …).
 */
export function hallazgoDeError(error: unknown, tag: string): Hallazgo | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (esReservacion(error.data)) {
    const r = error.data;
    // Pendiente and ours, yet refused: the server said when it is (the door seats it then).
    if (r.tag_sucursal === tag && r.status === 'Pendiente') return { tipo: 'otro-momento', reservacion: r, motivo: error.message };
    return hallazgoDe(r, tag);
  }
  if (tieneNombres(error.data)) return { tipo: 'otra-sucursal', marca: error.data.marca.name, sucursal: error.data.sucursal.name };
  return null;
}
