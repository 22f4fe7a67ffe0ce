import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';

/** The partners' answers (shared by every branch); a write refreshes them. */
export const CLAVE_AFILIADOS = ['admin', 'afiliados'] as const;

/** `GET /v1/admin/afiliados`: every partner, inactive ones too. */
export function getAfiliados(signal?: AbortSignal): Promise<Esquema<'Afiliado'>[]> {
  return datos(consola.GET('/api/v1/admin/afiliados', { signal }));
}

export const afiliadosQueryOptions = () =>
  queryOptions({
    queryKey: [...CLAVE_AFILIADOS, 'lista'],
    queryFn: ({ signal }) => getAfiliados(signal),
  });

export const useAfiliados = () => useQuery(afiliadosQueryOptions());
