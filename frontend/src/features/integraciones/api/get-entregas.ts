import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';
import { CLAVE_INTEGRACIONES } from './get-claves';

/** `GET /v1/admin/integraciones/destinos/{id}/entregas`: an endpoint's latest deliveries. */
export const getEntregas = (id: string, signal?: AbortSignal) =>
  datos(consola.GET('/api/v1/admin/integraciones/destinos/{id}/entregas', { params: { path: { id } }, signal }));
export const entregasQueryOptions = (id: string) =>
  // A test event leaves within seconds: the list follows it.
  queryOptions({ queryKey: [...CLAVE_INTEGRACIONES, 'entregas', id], queryFn: ({ signal }) => getEntregas(id, signal), refetchInterval: 3_000 });
export const useEntregas = (id: string) => useQuery(entregasQueryOptions(id));
