import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

/** The server keeps the newest 100; the bell shows no more than that either. */
export const MAX_NOTIFICACIONES = 100;

/** `GET /v1/admin/notifications?tag=`: newest first. */
export function getNotificaciones(tag: string, signal?: AbortSignal): Promise<Esquema<'Notificacion'>[]> {
  return datos(consola.GET('/api/v1/admin/notifications', { params: { query: { tag } }, signal }));
}

export const claveNotificaciones = (tag: string) => claveSucursal(tag, 'notificaciones');

export const notificacionesQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveNotificaciones(tag),
    queryFn: ({ signal }) => getNotificaciones(tag, signal),
    // The stream keeps the list current; asking again on focus would only repeat it.
    refetchOnWindowFocus: false,
    staleTime: 5 * 60 * 1000,
  });

export function useNotificaciones() {
  const { sucursal } = useSesion();
  return useQuery({ ...notificacionesQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}

/** Puts a notification first in the cached list (once, however often it arrives), keeping the newest 100. */
export function agregarNotificacion(lista: readonly Esquema<'Notificacion'>[], nueva: Esquema<'Notificacion'>): Esquema<'Notificacion'>[] {
  return [nueva, ...lista.filter((n) => n._id !== nueva._id)].slice(0, MAX_NOTIFICACIONES);
}

/** Unread ones. */
export function sinLeer(lista: readonly Esquema<'Notificacion'>[]): number {
  return lista.reduce((n, x) => n + (x.isRead ? 0 : 1), 0);
}
