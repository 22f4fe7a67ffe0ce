import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';

/** The key of a branch's waitlist: the live stream's `espera` event invalidates it. */
export const claveEspera = (tag: string) => claveSucursal(tag, 'espera');

/**
 * `GET /v1/admin/espera?tag=`: the parties waiting for a table, in order, each with its place,
 * the minutes waited, the wait quoted and whether a free table seats it now.
 */
export function getEspera(tag: string, signal?: AbortSignal): Promise<Esquema<'GrupoEnEspera'>[]> {
  return datos(consola.GET('/api/v1/admin/espera', { params: { query: { tag } }, signal }));
}

export const esperaQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveEspera(tag),
    queryFn: ({ signal }) => getEspera(tag, signal),
    // Minutes waited move on their own (and the quotes with the floor): read again each minute
    // even without an event.
    refetchInterval: 60_000,
  });

/** Who keeps the waitlist (the server's rule: espera.index). */
export function puedeVerEspera(usuario: Parameters<typeof tienePermiso>[0]): boolean {
  return tienePermiso(usuario, 'espera.index');
}

/** The current branch's waitlist, when this user keeps it (and `activo`). */
export function useEspera(activo = true) {
  const { sucursal, usuario } = useSesion();
  return useQuery({ ...esperaQueryOptions(sucursal ?? ''), enabled: activo && sucursal !== null && puedeVerEspera(usuario) });
}

/**
 * The waiting party `id` of the current branch's list (the one "Sentar" opened the walk-in
 * wizard for): `cargando` while the list is read, then the party, or null when it no longer
 * waits (seated or gone meanwhile) or there is no id.
 */
export function useGrupoEnEspera(id: string | null): { cargando: boolean; grupo: Esquema<'GrupoEnEspera'> | null } {
  const { sucursal, usuario } = useSesion();
  const lista = useEspera(id !== null);
  if (!id) return { cargando: false, grupo: null };
  // Read until it answers (or fails), when this user may read it at all.
  const leyendo = sucursal !== null && puedeVerEspera(usuario) && lista.data === undefined && !lista.isError;
  if (leyendo) return { cargando: true, grupo: null };
  return { cargando: false, grupo: lista.data?.find((g) => g._id === id) ?? null };
}
