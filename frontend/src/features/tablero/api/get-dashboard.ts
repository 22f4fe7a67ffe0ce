// `GET /v1/admin/dashboard?tag=` (today at the branch) and `/dashboard/serie?tag=&dias=30`.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import type { ResumenDia } from '@/types/api';

export const DIAS_SERIE = 30;

export function getDashboard(tag: string, signal?: AbortSignal): Promise<ResumenDia> {
  return api<ResumenDia>('/v1/admin/dashboard', { query: { tag }, signal });
}

export function getSerie(tag: string, dias: number, signal?: AbortSignal): Promise<ResumenDia[]> {
  return api<ResumenDia[]>('/v1/admin/dashboard/serie', { query: { tag, dias }, signal });
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
