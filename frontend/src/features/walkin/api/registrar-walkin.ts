import { useQueryClient } from '@tanstack/react-query';
import { apiConMensaje } from '@/lib/api-client';
import type { SolicitudWalkin, Walkin } from '@/types/api';
import { claveWalkin } from './get-walkin';
import { claveWalkins } from './get-walkins';
import { useMutacionUnica } from '@/lib/mutacion-unica';

/** `POST /v1/admin/walkin` → 201 with the walk-in, its folio and time assigned by the server. */
export function registrarWalkin(solicitud: SolicitudWalkin, clave?: string): Promise<{ data: Walkin; message: string }> {
  // The wizard announces the outcome itself (spec §8), so the client adds no toast of its own.
  return apiConMensaje<Walkin>('/v1/admin/walkin', { method: 'POST', body: solicitud, silencioso: true, clave });
}

/** Registers a walk-in; on success its detail is cached and every walk-in list asks again. */
export function useRegistrarWalkin() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: (solicitud: SolicitudWalkin, clave: string) => registrarWalkin(solicitud, clave),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(claveWalkin(data.tag_sucursal, data._id), data);
      return queryClient.invalidateQueries({ queryKey: [...claveWalkins(data.tag_sucursal), 'lista'] });
    },
  });
}
