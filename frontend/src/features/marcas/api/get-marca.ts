import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Marca } from '@/types/api';
import { CLAVE_MARCAS } from './get-marcas';

/** `GET /v1/admin/marcas/{id}`. */
export const getMarca = (id: string, signal?: AbortSignal) => api<Marca>(`/v1/admin/marcas/${encodeURIComponent(id)}`, { signal });
export const marcaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CLAVE_MARCAS, id],
    queryFn: ({ signal }) => getMarca(id, signal),
  });
export const useMarca = (id: string) => useQuery(marcaQueryOptions(id));
