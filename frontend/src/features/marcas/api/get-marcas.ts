import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';

/** Every brand answer (the list and each brand); a brand's or a branch's write refreshes them. */
export const CLAVE_MARCAS = ['admin', 'marcas'] as const;

/** `GET /v1/admin/marcas`: the brands with their branches. */
export const getMarcas = (signal?: AbortSignal) => datos(consola.GET('/api/v1/admin/marcas', { signal }));
export const marcasQueryOptions = () => queryOptions({ queryKey: [...CLAVE_MARCAS, 'lista'], queryFn: ({ signal }) => getMarcas(signal) });
export const useMarcas = () => useQuery(marcasQueryOptions());
