// `GET|PUT /v1/admin/conf-walkin?tag=`: the current branch's walk-in and booking settings.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiConMensaje } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import type { DatosConfWalkin } from '@/types/api';
import { useMutacionUnica } from '@/lib/mutacion-unica';

export const claveConfWalkin = (tag: string) => claveSucursal(tag, 'conf-walkin');

export const confWalkinQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: claveConfWalkin(tag),
    queryFn: ({ signal }) => api<DatosConfWalkin>('/v1/admin/conf-walkin', { query: { tag }, signal }),
  });

export function useConfWalkin() {
  const { sucursal } = useSesion();
  return useQuery({ ...confWalkinQueryOptions(sucursal ?? ''), enabled: sucursal !== null });
}

export function useGuardarConfWalkin() {
  const { sucursal } = useSesion();
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: ({ tag, datos }: { tag: string; datos: DatosConfWalkin }) =>
      apiConMensaje<DatosConfWalkin>('/v1/admin/conf-walkin', { method: 'PUT', query: { tag }, body: datos }).then((r) => ({ ...r, tag })),
    onSuccess: ({ data, message, tag }) => {
      toast.exito(message);
      queryClient.setQueryData(claveConfWalkin(tag), data);
      // Every branch-scoped answer that reads the settings (order forms) goes stale.
      void queryClient.invalidateQueries({ queryKey: claveSucursal(sucursal ?? tag) });
    },
  });
}
