import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/stores/toasts';
import { conClave, conMensaje, consola, datos, type Esquema } from '@/lib/api-client';
import { claveCocina } from '@/lib/claves';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';

/** `GET /v1/admin/cocina?tag=`: the diners seated now and those expected over the next two hours. */
export function getCocina(tag: string, signal?: AbortSignal): Promise<Esquema<'PronosticoCocina'>> {
  return datos(consola.GET('/api/v1/admin/cocina', { params: { query: { tag } }, signal }));
}

export const cocinaQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveCocina(tag),
    queryFn: ({ signal }) => getCocina(tag, signal),
    // The quarter-hours move on with the clock even when nothing happens at the door.
    refetchInterval: 60_000,
  });

/** The current branch's forecast. */
export function useCocina() {
  const { sucursal } = useSesion();
  return useQuery({ ...cocinaQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}

/** `POST /v1/admin/cocina/imprimir?tag=`: the forecast now, queued for the kitchen's printers. */
export const imprimirPronostico = (tag: string, clave: string) =>
  conMensaje(consola.POST('/api/v1/admin/cocina/imprimir', { params: { query: { tag }, header: conClave(clave) } }));

/** "Imprimir pronóstico": once per tap, whatever the network does; the forecast is read again to show its job. */
export function useImprimirPronostico() {
  const { sucursal } = useSesion();
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: (tag: string, clave: string) => imprimirPronostico(tag, clave),
    onSuccess: ({ message }) => {
      toast.exito(message);
      if (sucursal) void queryClient.invalidateQueries({ queryKey: claveCocina(sucursal) });
    },
  });
}
