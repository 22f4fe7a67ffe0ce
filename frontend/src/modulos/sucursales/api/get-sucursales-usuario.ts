import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';

/** Branches of the signed-in user (`GET /v1/admin/sucursal/sucuser/suc`). */
export function getSucursalesUsuario(signal?: AbortSignal): Promise<Esquema<'SucursalResumen'>[]> {
  return datos(consola.GET('/api/v1/admin/sucursal/sucuser/suc', { signal }));
}

// The user's branches are the same whichever is current: keyed without the tag (lib/claves).
export const sucursalesUsuarioQueryOptions = () =>
  queryOptions({
    queryKey: ['sucursales', 'usuario'],
    queryFn: ({ signal }) => getSucursalesUsuario(signal),
    staleTime: 10 * 60 * 1000,
  });

export function useSucursalesUsuario(activo = true) {
  return useQuery({ ...sucursalesUsuarioQueryOptions(), enabled: activo });
}

/**
 * The time settings (zone, buffet hours, late cutoff) of one of the user's branches, as core
 * reads them to suggest the buffet mode; `undefined` while the list is loading.
 */
export function useHorarioSucursal(tag: string | null) {
  const consulta = useSucursalesUsuario(tag !== null);
  if (consulta.isPending) return undefined;
  return consulta.data?.find((s) => s.tag === tag)?.horario ?? null;
}

/**
 * The closing line of a branch's tickets ("Pie del ticket" of its walk-in settings): `undefined`
 * while the list loads (not yet known: a ticket must not show the default in its place), `null`
 * when the branch has none (the ticket then says its default).
 */
export function usePieTicket(tag: string): string | null | undefined {
  const consulta = useSucursalesUsuario(true);
  if (!consulta.data) return undefined;
  const pie = consulta.data.find((s) => s.tag === tag)?.pie_ticket.trim();
  return pie ? pie : null;
}
