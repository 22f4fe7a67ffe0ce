import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { consola, datos } from '@/lib/api-client';
import { cerrarSesionLocal } from '@/lib/session';

/** Revokes the token on the server. */
export function logout(): Promise<unknown> {
  return datos(consola.POST('/api/v1/auth/logout'), { silencioso: true });
}

/**
 * Logs out: asks the server to revoke the token, then — whatever it answers — wipes local
 * storage and the cookie, drops every cached query and goes to /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Already revoked or unreachable: the local session ends all the same.
    }
    cerrarSesionLocal();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
