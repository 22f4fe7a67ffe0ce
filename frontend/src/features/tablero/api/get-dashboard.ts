// `GET /v1/admin/dashboard?tag=` (today at the branch) and `/dashboard/serie?tag=&dias=30`.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

export const DIAS_SERIE = 30;

export function getDashboard(tag: string, signal?: AbortSignal): Promise<Esquema<'ResumenDia'>> {
  return datos(consola.GET('/api/v1/admin/dashboard', { params: { query: { tag } }, signal }));
}

export function getSerie(tag: string, dias: number, signal?: AbortSignal): Promise<Esquema<'ResumenDia'>[]> {
  return datos(consola.GET('/api/v1/admin/dashboard/serie', { params: { query: { tag, dias } }, signal }));
}

export const dashboardQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'dashboard', 'hoy'),
    queryFn: ({ signal }) => getDashboard(tag, signal),
    refetchInterval: 60_000,
  });

export const serieQueryOptions = (tag: string, dias = DIAS_SERIE) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'dashboard', 'serie', { dias }),
    queryFn: ({ signal }) => getSerie(tag, dias, signal),
    staleTime: 5 * 60_000,
  });

export function useDashboard() {
  const { sucursal } = useSesion();
  return useQuery({ ...dashboardQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}

export function useSerie() {
  const { sucursal } = useSesion();
  return useQuery({ ...serieQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}
