import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';
import { CLAVE_MARCAS } from './get-marcas';

/** `GET /v1/admin/marcas/{id}`. */
export const getMarca = (id: string, signal?: AbortSignal) => datos(consola.GET('/api/v1/admin/marcas/{id}', { params: { path: { id } }, signal }));
export const marcaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CLAVE_MARCAS, id],
    queryFn: ({ signal }) => getMarca(id, signal),
  });
export const useMarca = (id: string) => useQuery(marcaQueryOptions(id));
