// A branch's kitchen printers: read with the branch page, created, edited and removed one at a
// time (each saved once: one key per action), and "Imprimir prueba", which says whether the
// printer answered.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { conClave, conMensaje, consola, datos, type Esquema } from '@/lib/api-client';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { toast } from '@/stores/toasts';

export const claveImpresoras = (sucursal: string) => ['admin', 'sucursal', sucursal, 'impresoras'] as const;

/** `GET /v1/admin/sucursal/{id}/impresoras`. */
export const getImpresoras = (sucursal: string, signal?: AbortSignal) =>
  datos(consola.GET('/api/v1/admin/sucursal/{id}/impresoras', { params: { path: { id: sucursal } }, signal }));

export const impresorasQueryOptions = (sucursal: string) =>
  queryOptions({ queryKey: claveImpresoras(sucursal), queryFn: ({ signal }) => getImpresoras(sucursal, signal) });

export const useImpresoras = (sucursal: string) => useQuery(impresorasQueryOptions(sucursal));

export type EscrituraImpresora =
  | { tipo: 'crear'; datos: Esquema<'DatosImpresora'> }
  | { tipo: 'editar'; id: string; datos: Esquema<'DatosImpresora'> }
  | { tipo: 'borrar'; id: string };

/** `POST …/impresoras`, `PUT …/impresoras/{id}` or `DELETE …/impresoras/{id}`. */
export function escribirImpresora(sucursal: string, e: EscrituraImpresora, clave: string): Promise<{ message: string }> {
  const header = conClave(clave);
  switch (e.tipo) {
    case 'crear':
      return conMensaje(consola.POST('/api/v1/admin/sucursal/{id}/impresoras', { params: { path: { id: sucursal }, header }, body: e.datos }));
    case 'editar':
      return conMensaje(consola.PUT('/api/v1/admin/sucursal/{id}/impresoras/{impresora}', { params: { path: { id: sucursal, impresora: e.id }, header }, body: e.datos }));
    case 'borrar':
      return conMensaje(consola.DELETE('/api/v1/admin/sucursal/{id}/impresoras/{impresora}', { params: { path: { id: sucursal, impresora: e.id }, header } }));
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
  conMensaje(consola.POST('/api/v1/admin/sucursal/{id}/impresoras/{impresora}/prueba', { params: { path: { id: sucursal, impresora: id }, header: conClave(clave) } }), {
    silencioso: true,
  });

export function useProbarImpresora(sucursal: string) {
  return useMutacionUnica({ mutationFn: (id: string, clave: string) => probarImpresora(sucursal, id, clave) });
}
