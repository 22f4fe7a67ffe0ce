// Brands and their branches (DESIGN §2): the lists, a branch in full, and each part's save call.
// Every branch call answers the whole branch, which replaces the cached one.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiConMensaje } from '@/lib/api-client';
import { toast } from '@/stores/toasts';
import type {
  DatosDia,
  DatosDiaEspecial,
  DatosEdicionSucursal,
  DatosMesa,
  DatosSucursal,
  Marca,
  SucursalCompleta,
} from '@/types/api';
import { useMutacionUnica } from '@/lib/mutacion-unica';

const CLAVE = ['admin', 'marcas'] as const;
const claveSucursal = (id: string) => ['admin', 'sucursal', id] as const;

export const marcasQueryOptions = () =>
  queryOptions({ queryKey: [...CLAVE, 'lista'], queryFn: ({ signal }) => api<Marca[]>('/v1/admin/marcas', { signal }) });
export const useMarcas = () => useQuery(marcasQueryOptions());

export const marcaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CLAVE, id],
    queryFn: ({ signal }) => api<Marca>(`/v1/admin/marcas/${encodeURIComponent(id)}`, { signal }),
  });
export const useMarca = (id: string) => useQuery(marcaQueryOptions(id));

export const sucursalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claveSucursal(id),
    queryFn: ({ signal }) => api<SucursalCompleta>(`/v1/admin/sucursal/${encodeURIComponent(id)}`, { signal }),
  });
export const useSucursal = (id: string | null) => useQuery({ ...sucursalQueryOptions(id ?? ''), enabled: id !== null });

/** `POST /marcas` or `PUT /marcas/{id}` with `{name}`. */
export function useGuardarMarca() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: ({ id, name }: { id: string | null; name: string }) =>
      id === null
        ? apiConMensaje<Marca>('/v1/admin/marcas', { method: 'POST', body: { name } })
        : apiConMensaje<Marca>(`/v1/admin/marcas/${encodeURIComponent(id)}`, { method: 'PUT', body: { name } }),
    onSuccess: async ({ message }) => {
      toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: CLAVE });
    },
  });
}

export type EscrituraSucursal =
  | { tipo: 'crear'; datos: DatosSucursal }
  | { tipo: 'editar'; id: string; datos: DatosEdicionSucursal }
  | { tipo: 'horario'; id: string; datos: DatosDia[] }
  | { tipo: 'mesas'; id: string; datos: DatosMesa[] }
  | { tipo: 'days'; id: string; datos: DatosDiaEspecial[] };

export function escribirSucursal(e: EscrituraSucursal): Promise<{ data: SucursalCompleta; message: string }> {
  if (e.tipo === 'crear') return apiConMensaje<SucursalCompleta>('/v1/admin/sucursal', { method: 'POST', body: e.datos });
  const base = `/v1/admin/sucursal/${encodeURIComponent(e.id)}`;
  const ruta = e.tipo === 'editar' ? base : `${base}/${e.tipo}`;
  return apiConMensaje<SucursalCompleta>(ruta, { method: 'PUT', body: e.datos });
}

export function useEscribirSucursal() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: escribirSucursal,
    onSuccess: async ({ data, message }) => {
      toast.exito(message);
      queryClient.setQueryData(claveSucursal(data._id), data);
      await queryClient.invalidateQueries({ queryKey: CLAVE });
      // The selector's and the users form's branch lists.
      await queryClient.invalidateQueries({ queryKey: ['sucursales'] });
    },
  });
}
