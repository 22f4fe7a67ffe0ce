// `GET /v1/admin/logs/{walkin|reserva}?tag=&desde=&hasta=&q=&page=&limit=`: one page of a
// branch's audit log, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

export type TipoBitacora = 'walkin' | 'reserva';

/** Spec: 50 entries a page. */
export const POR_PAGINA = 50;

export interface FiltroBitacora {
  desde: string;
  hasta: string;
  q: string;
}

export const rutaBitacora = (tipo: TipoBitacora) => `/v1/admin/logs/${tipo}`;

export function getBitacora(tag: string, tipo: TipoBitacora, filtro: FiltroBitacora, page: number, signal?: AbortSignal): Promise<Esquema<'PaginaBitacora'>> {
  const query = { tag, desde: filtro.desde, hasta: filtro.hasta, q: filtro.q.trim(), page, limit: POR_PAGINA };
  return datos(
    tipo === 'walkin'
      ? consola.GET('/api/v1/admin/logs/walkin', { params: { query }, signal })
      : consola.GET('/api/v1/admin/logs/reserva', { params: { query }, signal }),
  );
}

export const bitacoraQueryOptions = (tag: string, tipo: TipoBitacora, filtro: FiltroBitacora, page: number) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'bitacora', tipo, { desde: filtro.desde, hasta: filtro.hasta, q: filtro.q.trim(), page }),
    queryFn: ({ signal }) => getBitacora(tag, tipo, filtro, page, signal),
    // The previous page stays while the next answers, but never another branch's.
    placeholderData: (anterior, consulta) => (consulta?.queryKey[1] === tag ? anterior : undefined),
  });

export function useBitacora(tipo: TipoBitacora, filtro: FiltroBitacora, page: number) {
  const { sucursal } = useSesion();
  const consulta = useQuery({ ...bitacoraQueryOptions(sucursal ?? '', tipo, filtro, page), enabled: sucursal !== null });
  return { ...consulta, sucursal };
}
