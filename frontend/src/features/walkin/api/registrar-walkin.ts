import { useQueryClient } from '@tanstack/react-query';
import { conClave, conMensaje, consola, type Esquema } from '@/lib/api-client';
import { claveEspera } from '@/modulos/espera/api/get-espera';
import { claveWalkin } from './get-walkin';
import { claveWalkins } from './get-walkins';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/**
 * `POST /v1/admin/walkin` → 201 with the walk-in, its folio and time assigned by the server; with
 * `espera_id`, the waiting party it seats leaves the list in the same save.
 */
export function registrarWalkin(solicitud: Esquema<'SolicitudWalkin'>, clave?: string): Promise<{ data: Esquema<'Walkin'>; message: string }> {
  // The wizard announces the outcome itself, so the client adds no toast of its own.
  return conMensaje(consola.POST('/api/v1/admin/walkin', { params: { header: conClave(clave) }, body: solicitud }), { silencioso: true });
}

/** Registers a walk-in; on success its detail is cached and every walk-in list asks again. */
export function useRegistrarWalkin() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: (solicitud: Esquema<'SolicitudWalkin'>, clave: string) => registrarWalkin(solicitud, clave),
    onSuccess: ({ data }, solicitud) => {
      queryClient.setQueryData(claveWalkin(data.tag_sucursal, data._id), data);
      // The party it seated is off the list (the live stream says so too, a moment later).
      if (solicitud.espera_id) void queryClient.invalidateQueries({ queryKey: claveEspera(data.tag_sucursal) });
      return queryClient.invalidateQueries({ queryKey: [...claveWalkins(data.tag_sucursal), 'lista'] });
    },
  });
}
