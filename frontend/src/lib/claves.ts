// Query keys of data that belongs to one branch. The branch tag is part of the key, so switching
// branch can never show another branch's cached answer, not even for the moment before the new
// one arrives: the new key has no data yet and the screen waits for its own. The signed-in user's
// own data (/auth/me, their branch list) is the same whichever branch is current and is keyed
// without a tag.
//
// A branch-scoped endpoint file follows the pattern:
//
//   export const dashboardQueryOptions = (tag: string, fecha: string) =>
//     queryOptions({
//       queryKey: claveSucursal(tag, 'dashboard', { fecha }),
//       queryFn: ({ signal }) => getDashboard(tag, fecha, signal),
//     });
//
// and its hook reads the tag from `useSesion().sucursal`, running only once one is chosen
// (`enabled: sucursal !== null`).

/** What every branch-scoped key starts with, before the tag. */
export const PREFIJO_SUCURSAL = 'sucursal';

export type ClaveSucursal<P extends readonly unknown[] = readonly unknown[]> = readonly [typeof PREFIJO_SUCURSAL, string, ...P];

/** `['sucursal', tag, ...partes]`: the key of a branch's data; `['sucursal', tag]` matches all of it. */
export function claveSucursal<const P extends readonly unknown[]>(tag: string, ...partes: P): ClaveSucursal<P> {
  return [PREFIJO_SUCURSAL, tag, ...partes];
}


/**
 * Every reservation list of a branch (all tabs, all searches). The bell refreshes them when a
 * new reservation arrives, so this key is shared rather than owned by one feature.
 */
export function claveListasReservaciones(tag: string) {
  return claveSucursal(tag, 'reservaciones', 'lista');
}

/**
 * Everything of a branch's reservations: its lists, the open details and their e-mails. The live
 * stream's `reservaciones` event (a guest confirmed, cancelled or changed one) reads them again.
 */
export function claveReservacionesSucursal(tag: string) {
  return claveSucursal(tag, 'reservaciones');
}

/**
 * A branch's kitchen forecast. Seated tables, the waitlist and reservations all move it: the live
 * stream's `salon`, `espera` and `reservaciones` events read it again.
 */
export function claveCocina(tag: string) {
  return claveSucursal(tag, 'cocina');
}
