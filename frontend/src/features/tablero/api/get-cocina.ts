// `GET /v1/admin/dashboard/cocina?tag=&fecha=`: the kitchen's forecast against who came, by hour
// of a business day (each quarter-hour's forecast as made an hour before it), and the mean error
// per quarter-hour over the four weeks up to it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

export function getPuntajeCocina(tag: string, fecha: string, signal?: AbortSignal): Promise<Esquema<'Puntaje'>> {
  return datos(consola.GET('/api/v1/admin/dashboard/cocina', { params: { query: { tag, fecha } }, signal }));
}

export const puntajeCocinaQueryOptions = (tag: string, fecha: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'dashboard', 'cocina', { fecha }),
    queryFn: ({ signal }) => getPuntajeCocina(tag, fecha, signal),
    staleTime: 5 * 60_000,
  });

/** The score of the business day `fecha` (null: not known yet, nothing is read). */
export function usePuntajeCocina(fecha: string | null) {
  const { sucursal } = useSesion();
  return useQuery({ ...puntajeCocinaQueryOptions(sucursal ?? '', fecha ?? ''), enabled: sucursal !== null && fecha !== null });
}
