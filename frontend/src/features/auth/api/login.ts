import { consola, datos, type Esquema } from '@/lib/api-client';
import { iniciarSesionLocal } from '@/lib/session';
import { useMutacionUnica } from '@/lib/mutacion-unica';


export function login(credenciales: Esquema<'Login'>): Promise<Esquema<'SesionIniciada'>> {
  return datos(consola.POST('/api/v1/auth/login', { body: credenciales }));
}

/** Signs in and stores the session; the caller decides where to go. */
export function useLogin() {
  return useMutacionUnica({
    mutationFn: login,
    onSuccess: (sesion) => iniciarSesionLocal(sesion.token, sesion.user),
  });
}
