import { queryOptions, useQuery } from '@tanstack/react-query';
import { consola, datos, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';

/** `GET /v1/admin/promocion?tag=`: every promotion of the branch, with whether it applies today. */
export function getPromociones(tag: string, signal?: AbortSignal): Promise<Esquema<'Promocion'>[]> {
  return datos(consola.GET('/api/v1/admin/promocion', { params: { query: { tag } }, signal }));
}

export const promocionesQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveSucursal(tag, 'promociones', 'todas'),
    queryFn: ({ signal }) => getPromociones(tag, signal),
  });

export function usePromociones() {
  const { sucursal } = useSesion();
  return useQuery({ ...promocionesQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}
