// The floor's two actions on a seated party: free its table ("Liberar mesa") or move it
// ("Cambiar de mesa"). Each is saved once (one key per action); the floor is read again, and
// every other console of the branch hears of it through the live stream.
import { useQueryClient } from '@tanstack/react-query';
import { conClave, conMensaje, consola } from '@/lib/api-client';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import { claveSalon } from './get-salon';

export type EscrituraTurno = { tipo: 'liberar'; turno: string } | { tipo: 'mover'; turno: string; mesa: string };

/** `POST /v1/admin/salon/turnos/{id}/liberar` or `…/mover` with `{mesa}`. */
export function escribirTurno(e: EscrituraTurno, clave: string): Promise<{ message: string }> {
  const params = { path: { id: e.turno }, header: conClave(clave) };
  return e.tipo === 'liberar'
    ? conMensaje(consola.POST('/api/v1/admin/salon/turnos/{id}/liberar', { params }))
    : conMensaje(consola.POST('/api/v1/admin/salon/turnos/{id}/mover', { params, body: { mesa: e.mesa } }));
}

export function useEscribirTurno() {
  const queryClient = useQueryClient();
  const { sucursal } = useSesion();
  return useMutacionUnica({
    mutationFn: (e: EscrituraTurno, clave: string) => escribirTurno(e, clave),
    onSuccess: ({ message }) => toast.exito(message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claveSalon(sucursal ?? '') }),
  });
}
