// A branch's kitchen printers: read with the branch page, created, edited and removed one at a
// time (each saved once: one key per action), and "Imprimir prueba", which says whether the
// printer answered.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiConMensaje } from '@/lib/api-client';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { toast } from '@/stores/toasts';
import type { DatosImpresora, Impresora, PruebaImpresora } from '@/types/api';

export const claveImpresoras = (sucursal: string) => ['admin', 'sucursal', sucursal, 'impresoras'] as const;

const ruta = (sucursal: string, impresora?: string) =>
  `/v1/admin/sucursal/${encodeURIComponent(sucursal)}/impresoras${impresora ? `/${encodeURIComponent(impresora)}` : ''}`;

/** `GET /v1/admin/sucursal/{id}/impresoras`. */
export const getImpresoras = (sucursal: string, signal?: AbortSignal) => api<Impresora[]>(ruta(sucursal), { signal });

export const impresorasQueryOptions = (sucursal: string) =>
  queryOptions({ queryKey: claveImpresoras(sucursal), queryFn: ({ signal }) => getImpresoras(sucursal, signal) });

export const useImpresoras = (sucursal: string) => useQuery(impresorasQueryOptions(sucursal));

export type EscrituraImpresora =
  | { tipo: 'crear'; datos: DatosImpresora }
  | { tipo: 'editar'; id: string; datos: DatosImpresora }
  | { tipo: 'borrar'; id: string };

/** `POST …/impresoras`, `PUT …/impresoras/{id}` or `DELETE …/impresoras/{id}`. */
export function escribirImpresora(sucursal: string, e: EscrituraImpresora, clave: string): Promise<{ message: string }> {
  switch (e.tipo) {
    case 'crear':
      return apiConMensaje(ruta(sucursal), { method: 'POST', body: e.datos, clave });
    case 'editar':
      return apiConMensaje(ruta(sucursal, e.id), { method: 'PUT', body: e.datos, clave });
    case 'borrar':
      return apiConMensaje(ruta(sucursal, e.id), { method: 'DELETE', clave });
  }
}

export function useEscribirImpresora(sucursal: string) {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: (e: EscrituraImpresora, clave: string) => escribirImpresora(sucursal, e, clave),
    onSuccess: ({ message }) => toast.exito(message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claveImpresoras(sucursal) }),
  });
}

/** `POST …/impresoras/{id}/prueba`: a test ticket now; the refusal says why, in Spanish. */
export const probarImpresora = (sucursal: string, id: string, clave: string) =>
  apiConMensaje<PruebaImpresora>(`${ruta(sucursal, id)}/prueba`, { method: 'POST', clave, silencioso: true });

export function useProbarImpresora(sucursal: string) {
  return useMutacionUnica({ mutationFn: (id: string, clave: string) => probarImpresora(sucursal, id, clave) });
}
