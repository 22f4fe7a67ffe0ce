import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';

/** The key of a branch's floor: the live stream's `salon` event invalidates it. */
export const claveSalon = (tag: string) => claveSucursal(tag, 'salon');

/** `GET /v1/admin/salon?tag=`: the branch's tables, which are seated, by whom and since when. */
export function getSalon(tag: string, signal?: AbortSignal): Promise<Esquema<'Piso'>> {
  return datos(consola.GET('/api/v1/admin/salon', { params: { query: { tag } }, signal }));
}

export const salonQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveSalon(tag),
    queryFn: ({ signal }) => getSalon(tag, signal),
    // Minutes seated move on their own: read again each minute even without an event.
    refetchInterval: 60_000,
  });

/** Whoever seats guests reads the floor (the server's rule: salon.index, walkin.index or reservacion.asistio). */
export function puedeVerSalon(usuario: Parameters<typeof tienePermiso>[0]): boolean {
  return (['salon.index', 'walkin.index', 'reservacion.asistio'] as const).some((p) => tienePermiso(usuario, p));
}

/** The current branch's floor, when this user may read it. */
export function useSalon() {
  const { sucursal, usuario } = useSesion();
  return useQuery({ ...salonQueryOptions(sucursal ?? ''), enabled: sucursal !== null && puedeVerSalon(usuario) });
}

/**
 * The free table the floor holds for reservation `id` (its "Próx." arrival), as the order step's
 * table; null when none holds it or that table is taken now.
 */
export function mesaAsignada(piso: Esquema<'Piso'> | undefined, id: string): string | null {
  const mesa = piso?.mesas.find((m) => m.proxima?._id === id);
  return mesa && mesa.estado === 'libre' && !mesa.turno ? String(mesa.numero) : null;
}
