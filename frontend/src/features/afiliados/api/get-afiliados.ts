import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Afiliado } from '@/types/api';

/** The partners' answers (shared by every branch); a write refreshes them. */
export const CLAVE_AFILIADOS = ['admin', 'afiliados'] as const;

/** `GET /v1/admin/afiliados`: every partner, inactive ones too. */
export function getAfiliados(signal?: AbortSignal): Promise<Afiliado[]> {
  return api<Afiliado[]>('/v1/admin/afiliados', { signal });
}

export const afiliadosQueryOptions = () =>
  queryOptions({
    queryKey: [...CLAVE_AFILIADOS, 'lista'],
    queryFn: ({ signal }) => getAfiliados(signal),
  });

export const useAfiliados = () => useQuery(afiliadosQueryOptions());
