// `GET /v1/admin/dashboard/confirmaciones?tag=&dias=`: over the series' days, the no-show rate of
// the reservations their guests confirmed against the rest (what the reminders buy).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import { DIAS_SERIE } from './get-dashboard';

export function getConfirmaciones(tag: string, dias: number, signal?: AbortSignal): Promise<Esquema<'NoShowsPorConfirmacion'>> {
  return datos(consola.GET('/api/v1/admin/dashboard/confirmaciones', { params: { query: { tag, dias } }, signal }));
}

export const confirmacionesQueryOptions = (tag: string, dias = DIAS_SERIE) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'dashboard', 'confirmaciones', { dias }),
    queryFn: ({ signal }) => getConfirmaciones(tag, dias, signal),
    staleTime: 5 * 60_000,
  });

export function useConfirmaciones() {
  const { sucursal } = useSesion();
  return useQuery({ ...confirmacionesQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}
