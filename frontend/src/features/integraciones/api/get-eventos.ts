import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';
import { CLAVE_INTEGRACIONES } from './get-claves';

/** `GET /v1/admin/integraciones/eventos`: the events an endpoint may ask for, in order. */
export const getEventos = (signal?: AbortSignal) => datos(consola.GET('/api/v1/admin/integraciones/eventos', { signal }));
export const eventosQueryOptions = () =>
  queryOptions({ queryKey: [...CLAVE_INTEGRACIONES, 'eventos'], queryFn: ({ signal }) => getEventos(signal), staleTime: Infinity });
export const useEventos = (activo = true) => useQuery({ ...eventosQueryOptions(), enabled: activo });
