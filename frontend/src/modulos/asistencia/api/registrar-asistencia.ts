import { useQueryClient } from '@tanstack/react-query';
import { apiConMensaje } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import type { Reservacion, SolicitudAsistencia } from '@/types/api';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/** `PUT /v1/admin/reservacion/{id}/asistencia`: Pendiente → Asistio with the comanda and the abre. */
export function registrarAsistencia(id: string, solicitud: SolicitudAsistencia, clave?: string): Promise<{ data: Reservacion; message: string }> {
  // The flow announces the outcome itself.
  return apiConMensaje<Reservacion>(`/v1/admin/reservacion/${encodeURIComponent(id)}/asistencia`, {
    method: 'PUT',
    body: solicitud,
    silencioso: true,
    clave,
  });
}

/** Registers an attendance; every reservation query of the branch (lists, details) asks again. */
export function useRegistrarAsistencia() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: ({ id, solicitud }: { id: string; solicitud: SolicitudAsistencia }, clave: string) => registrarAsistencia(id, solicitud, clave),
    onSuccess: ({ data }) => queryClient.invalidateQueries({ queryKey: claveSucursal(data.tag_sucursal, 'reservaciones') }),
  });
}
