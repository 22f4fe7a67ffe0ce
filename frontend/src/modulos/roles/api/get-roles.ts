import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos } from '@/lib/api-client';

/** Every roles answer (the list; a write refreshes it). */
export const CLAVE_ROLES = ['admin', 'roles'] as const;

/** `GET /v1/admin/roles`: the roles screen's list and the users form's choices. */
export const getRoles = (signal?: AbortSignal) => datos(consola.GET('/api/v1/admin/roles', { signal }));
export const rolesQueryOptions = () => queryOptions({ queryKey: [...CLAVE_ROLES, 'lista'], queryFn: ({ signal }) => getRoles(signal) });
export const useRoles = (activo = true) => useQuery({ ...rolesQueryOptions(), enabled: activo });
