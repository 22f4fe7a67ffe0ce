import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

/** `GET /api/v1/admin/sucursal/hoy?tag=`: the branch's hours on today's business day. */
export function getHorarioHoy(tag: string, signal?: AbortSignal) {
  return datos(consola.GET('/api/v1/admin/sucursal/hoy', { params: { query: { tag } }, signal }), { silencioso: true });
}

export const horarioHoyQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'horario-hoy'),
    queryFn: ({ signal }) => getHorarioHoy(tag, signal),
    // "Abierta" turns with the clock: asked again each minute.
    refetchInterval: 60_000,
  });

/** The current branch's hours today. */
export function useHorarioHoy() {
  const { sucursal } = useSesion();
  return useQuery({ ...horarioHoyQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}
