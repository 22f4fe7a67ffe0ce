import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

/** `GET /v1/admin/clientes/{id}?tag=`: the guest, their visits and (with reservacion.client) contact. */
export function getCliente(tag: string, id: string, signal?: AbortSignal): Promise<Esquema<'ClienteDetalle'>> {
  return datos(consola.GET('/api/v1/admin/clientes/{id}', { params: { path: { id }, query: { tag } }, signal }));
}

export const clienteQueryOptions = (tag: string, id: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'clientes', 'detalle', id),
    queryFn: ({ signal }) => getCliente(tag, id, signal),
  });

/** `activo` false keeps what was read and reads it no more (a record being merged away). */
export function useCliente(id: string, activo = true) {
  const { sucursal } = useSesion();
  return useQuery({ ...clienteQueryOptions(sucursal ?? '', id), enabled: sucursal !== null && id !== '' && activo });
}
