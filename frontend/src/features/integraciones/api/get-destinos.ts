import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';
import { CLAVE_INTEGRACIONES } from './get-claves';

/** `GET /v1/admin/integraciones/destinos`: the webhook endpoints, with what waits and what failed. */
export const getDestinos = (signal?: AbortSignal) => datos(consola.GET('/api/v1/admin/integraciones/destinos', { signal }));
export const destinosQueryOptions = () =>
  // What waits and what failed moves while the screen is open: read again every 10 s.
  queryOptions({ queryKey: [...CLAVE_INTEGRACIONES, 'destinos'], queryFn: ({ signal }) => getDestinos(signal), refetchInterval: 10_000 });
export const useDestinos = () => useQuery(destinosQueryOptions());
