// `GET /v1/admin/dashboard/espera?tag=&dias=`: over the series' days, what the waitlist did — the
// parties written down, seated and gone first, their waits and how often the quote was missed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import { DIAS_SERIE } from './get-dashboard';

export function getCifrasEspera(tag: string, dias: number, signal?: AbortSignal): Promise<Esquema<'CifrasEspera'>> {
  return datos(consola.GET('/api/v1/admin/dashboard/espera', { params: { query: { tag, dias } }, signal }));
}

export const cifrasEsperaQueryOptions = (tag: string, dias = DIAS_SERIE) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'dashboard', 'espera', { dias }),
    queryFn: ({ signal }) => getCifrasEspera(tag, dias, signal),
    staleTime: 5 * 60_000,
  });

export function useCifrasEspera() {
  const { sucursal } = useSesion();
  return useQuery({ ...cifrasEsperaQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}
