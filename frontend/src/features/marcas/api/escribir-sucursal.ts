// The branch editor's one save: it picks the endpoint by the part saved (crear-, editar-sucursal,
// guardar-horario, -mesas, -dias); every one answers the whole branch, which replaces the cached
// one, and the brand lists and the branch selectors are refreshed.
import { useQueryClient } from '@tanstack/react-query';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { toast } from '@/stores/toasts';
import { crearSucursal } from './crear-sucursal';
import { editarSucursal } from './editar-sucursal';
import { CLAVE_MARCAS } from './get-marcas';
import { claveSucursalCompleta } from './get-sucursal';
import { guardarDias } from './guardar-dias';
import { guardarHorario } from './guardar-horario';
import { guardarMesas } from './guardar-mesas';
import type { Esquema } from '@/lib/api-client';

export type EscrituraSucursal =
  | { tipo: 'crear'; datos: Esquema<'DatosSucursal'> }
  | { tipo: 'editar'; id: string; datos: Esquema<'DatosEdicionSucursal'> }
  | { tipo: 'horario'; id: string; datos: Esquema<'DatosDia'>[] }
  | { tipo: 'mesas'; id: string; datos: Esquema<'DatosMesa'>[] }
  | { tipo: 'days'; id: string; datos: Esquema<'DatosDiaEspecial'>[] };

export function escribirSucursal(e: EscrituraSucursal): Promise<{ data: Esquema<'Sucursal'>; message: string }> {
  switch (e.tipo) {
    case 'crear':
      return crearSucursal(e.datos);
    case 'editar':
      return editarSucursal(e.id, e.datos);
    case 'horario':
      return guardarHorario(e.id, e.datos);
    case 'mesas':
      return guardarMesas(e.id, e.datos);
    case 'days':
      return guardarDias(e.id, e.datos);
  }
}

export function useEscribirSucursal() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: escribirSucursal,
    onSuccess: async ({ data, message }) => {
      toast.exito(message);
      queryClient.setQueryData(claveSucursalCompleta(data._id), data);
      await queryClient.invalidateQueries({ queryKey: CLAVE_MARCAS });
      // The selector's and the users form's branch lists.
      await queryClient.invalidateQueries({ queryKey: ['sucursales'] });
    },
  });
}
