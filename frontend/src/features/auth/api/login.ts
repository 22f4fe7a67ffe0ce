import { api } from '@/lib/api-client';
import { iniciarSesionLocal } from '@/lib/session';
import type { Credenciales, Sesion } from '@/types/api';
import { useMutacionUnica } from '@/lib/mutacion-unica';

export type { Credenciales };

export function login(credenciales: Credenciales): Promise<Sesion> {
  return api<Sesion>('/v1/auth/login', { method: 'POST', body: credenciales });
}

/** Signs in and stores the session; the caller decides where to go. */
export function useLogin() {
  return useMutacionUnica({
    mutationFn: login,
    onSuccess: (sesion) => iniciarSesionLocal(sesion.token, sesion.user),
  });
}
