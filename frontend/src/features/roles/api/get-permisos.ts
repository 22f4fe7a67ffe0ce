import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';

/** `GET /v1/admin/permisos`: the permission catalogue in the editor's order; it only changes with a release. */
export const getPermisos = (signal?: AbortSignal) => datos(consola.GET('/api/v1/admin/permisos', { signal }));
export const permisosQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'permisos'], queryFn: ({ signal }) => getPermisos(signal), staleTime: Infinity });
export const usePermisos = () => useQuery(permisosQueryOptions());
