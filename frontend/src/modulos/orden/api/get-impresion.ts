import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';

/** Whose tickets: a walk-in's or a seated reservation's. */
export type Registro = { origen: 'walkin' | 'reservacion'; id: string };


/** Every print status of a branch: the live stream's `impresion` event invalidates them all. */
export const claveImpresiones = (tag: string) => claveSucursal(tag, 'impresion');
export const claveImpresion = (tag: string, registro: Registro) => claveSucursal(tag, 'impresion', registro);

/** `GET /v1/admin/impresion/{walkin|reservacion}/{id}?tag=`: the record's tickets and where each stands. */
export function getImpresion(tag: string, registro: Registro, signal?: AbortSignal): Promise<Esquema<'ImpresionDeRegistro'>> {
  return datos(consola.GET('/api/v1/admin/impresion/{origen}/{id}', { params: { path: registro, query: { tag } }, signal }));
}

/** A ticket still on its way: read again every few seconds, besides the stream's events. */
export const pendiente = (d: Esquema<'ImpresionDeRegistro'> | undefined) => Boolean(d?.trabajos.some((t) => t.estado === 'en_cola' || t.estado === 'fallo'));

export const impresionQueryOptions = (tag: string, registro: Registro) =>
  queryOptions({
    queryKey: claveImpresion(tag, registro),
    queryFn: ({ signal }) => getImpresion(tag, registro, signal),
    refetchInterval: (q) => (pendiente(q.state.data) ? 4000 : false),
  });

/** The record's print status, for those who follow the kitchen's printing (impresion.index). */
export function useImpresion(registro: Registro | null) {
  const { sucursal, usuario } = useSesion();
  return useQuery({
    ...impresionQueryOptions(sucursal ?? '', registro ?? { origen: 'walkin', id: '' }),
    enabled: sucursal !== null && registro !== null && tienePermiso(usuario, 'impresion.index'),
  });
}
