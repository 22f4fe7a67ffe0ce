import { useQueryClient } from '@tanstack/react-query';
import { conClave, conMensaje, consola, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/** `PUT /v1/admin/reservacion/{id}/asistencia`: Pendiente → Asistio with the comanda and the abre. */
export function registrarAsistencia(id: string, solicitud: Esquema<'SolicitudAsistencia'>, clave?: string): Promise<{ data: Esquema<'Reservacion'>; message: string }> {
  // The flow announces the outcome itself.
  return conMensaje(consola.PUT('/api/v1/admin/reservacion/{id}/asistencia', { params: { path: { id }, header: conClave(clave) }, body: solicitud }), { silencioso: true });
}

/** Registers an attendance; every reservation query of the branch (lists, details) asks again. */
export function useRegistrarAsistencia() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: ({ id, solicitud }: { id: string; solicitud: Esquema<'SolicitudAsistencia'> }, clave: string) => registrarAsistencia(id, solicitud, clave),
    onSuccess: ({ data }) => queryClient.invalidateQueries({ queryKey: claveSucursal(data.tag_sucursal, 'reservaciones') }),
  });
}
