import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';

/** Every answer of the integrations screen (keys, endpoints, deliveries): a write refreshes them. */
export const CLAVE_INTEGRACIONES = ['admin', 'integraciones'] as const;

/** `GET /v1/admin/integraciones/claves`: the group's integration keys, the newest first. */
export const getClaves = (signal?: AbortSignal) => datos(consola.GET('/api/v1/admin/integraciones/claves', { signal }));
export const clavesQueryOptions = () => queryOptions({ queryKey: [...CLAVE_INTEGRACIONES, 'claves'], queryFn: ({ signal }) => getClaves(signal) });
export const useClaves = () => useQuery(clavesQueryOptions());
