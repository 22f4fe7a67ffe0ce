import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import type { Periodo } from '../periodo';

/** `GET /v1/admin/afiliados/{id}?tag=&desde=&hasta=`: the partner, its reservations at the branch over a period and attendance. */
export function getAfiliado(tag: string, id: string, periodo: Periodo, signal?: AbortSignal): Promise<Esquema<'AfiliadoDetalle'>> {
  return datos(consola.GET('/api/v1/admin/afiliados/{id}', { params: { path: { id }, query: { tag, ...periodo } }, signal }));
}

export const afiliadoQueryOptions = (tag: string, id: string, periodo: Periodo) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'afiliados', id, periodo),
    queryFn: ({ signal }) => getAfiliado(tag, id, periodo, signal),
  });

export function useAfiliado(id: string, periodo: Periodo) {
  const { sucursal } = useSesion();
  return useQuery({ ...afiliadoQueryOptions(sucursal ?? '', id, periodo), enabled: sucursal !== null && id !== '' });
}
