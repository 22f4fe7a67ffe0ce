import { useQueryClient } from '@tanstack/react-query';
import { conMensaje, consola, type Esquema } from '@/lib/api-client';
import { claveSucursal } from '@/lib/claves';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { useSesion } from '@/lib/use-session';
import { toast } from '@/stores/toasts';
import { claveConfWalkin } from './get-conf-walkin';

/** `PUT /v1/admin/conf-walkin?tag=`: saves the branch's settings; answers them as stored. */
export const guardarConfWalkin = (tag: string, datos: Esquema<'DatosConfWalkin'>) =>
  conMensaje(consola.PUT('/api/v1/admin/conf-walkin', { params: { query: { tag } }, body: datos }));

export function useGuardarConfWalkin() {
  const { sucursal } = useSesion();
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: ({ tag, datos }: { tag: string; datos: Esquema<'DatosConfWalkin'> }) => guardarConfWalkin(tag, datos).then((r) => ({ ...r, tag })),
    onSuccess: ({ data, message, tag }) => {
      toast.exito(message);
      queryClient.setQueryData(claveConfWalkin(tag), data);
      // Every branch-scoped answer that reads the settings (order forms) goes stale.
      void queryClient.invalidateQueries({ queryKey: claveSucursal(sucursal ?? tag) });
    },
  });
}
