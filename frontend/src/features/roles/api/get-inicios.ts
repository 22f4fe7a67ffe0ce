import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';

/** `GET /v1/admin/inicios`: the screens a role may land on; they only change with a release. */
export const getInicios = (signal?: AbortSignal) => datos(consola.GET('/api/v1/admin/inicios', { signal }));
export const iniciosQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'inicios'], queryFn: ({ signal }) => getInicios(signal), staleTime: Infinity });
export const useInicios = () => useQuery(iniciosQueryOptions());
