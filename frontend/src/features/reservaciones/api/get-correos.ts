import { useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';


/** `GET /v1/admin/reservacion/{id}/correos?tag=`: the reservation's e-mails, newest first. */
export function getCorreos(tag: string, id: string, signal?: AbortSignal): Promise<Esquema<'CorreoReservacion'>[]> {
  // A side section: a refusal hides it rather than toasting over the detail.
  return datos(consola.GET('/api/v1/admin/reservacion/{id}/correos', { params: { path: { id }, query: { tag } }, signal }), { silencioso: true });
}

export const claveCorreos = (tag: string, id: string) => claveSucursal(tag, 'reservaciones', 'correos', id);

export function useCorreos(id: string) {
  const { sucursal } = useSesion();
  return useQuery({
    queryKey: claveCorreos(sucursal ?? '', id),
    queryFn: ({ signal }) => getCorreos(sucursal ?? '', id, signal),
    enabled: sucursal !== null && id !== '',
    // The outbox job retries on its own; what staff see follows it while the detail is open.
    refetchInterval: (q) => (q.state.data?.some((c) => c.estado === 'pendiente') ? 15_000 : false),
    retry: false,
  });
}
