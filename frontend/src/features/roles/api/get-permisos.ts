import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PermisoCatalogo } from '@/types/api';

/** `GET /v1/admin/permisos`: the permission catalogue in the editor's order; it only changes with a release. */
export const getPermisos = (signal?: AbortSignal) => api<PermisoCatalogo[]>('/v1/admin/permisos', { signal });
export const permisosQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'permisos'], queryFn: ({ signal }) => getPermisos(signal), staleTime: Infinity });
export const usePermisos = () => useQuery(permisosQueryOptions());
