import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';

/** One branch in full; every branch call answers the whole branch, which replaces this one. */
export const claveSucursalCompleta = (id: string) => ['admin', 'sucursal', id] as const;

/** `GET /v1/admin/sucursal/{id}`: the branch with its schedule, tables and special days. */
export const getSucursal = (id: string, signal?: AbortSignal) =>
  datos(consola.GET('/api/v1/admin/sucursal/{id}', { params: { path: { id } }, signal }));
export const sucursalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claveSucursalCompleta(id),
    queryFn: ({ signal }) => getSucursal(id, signal),
  });
export const useSucursal = (id: string | null) => useQuery({ ...sucursalQueryOptions(id ?? ''), enabled: id !== null });
