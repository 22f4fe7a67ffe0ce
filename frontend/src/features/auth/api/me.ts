import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { guardarUsuario } from '@/lib/session';

export async function getMe(signal?: AbortSignal): Promise<Esquema<'Usuario'>> {
  return datos(consola.GET('/api/v1/auth/me', { signal }));
}

// The user, not a branch's data: keyed without the branch tag (lib/claves).
export const meQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60 * 1000 });

/**
 * Confirms the stored session with the server and keeps the stored user (permissions, tags)
 * current; a revoked or expired token answers 401, which ends the session.
 */
export function useMe(activo: boolean) {
  const consulta = useQuery({ ...meQueryOptions(), enabled: activo });
  useEffect(() => {
    if (consulta.data) guardarUsuario(consulta.data);
  }, [consulta.data]);
  return consulta;
}
