// The integrations screen's writes, each saved once (useMutacionUnica): the ones that answer a
// secret hand it to the screen, which shows it once; every write refreshes the lists.
import { useQueryClient } from '@tanstack/react-query';
import { useMutacionUnica } from '@/lib/mutacion-unica';
import { toast } from '@/stores/toasts';
import { activarDestino } from './activar-destino';
import { crearClave } from './crear-clave';
import { crearDestino } from './crear-destino';
import { eliminarDestino } from './eliminar-destino';
import { CLAVE_INTEGRACIONES } from './get-claves';
import { probarDestino } from './probar-destino';
import { reenviarEntrega } from './reenviar-entrega';
import { revocarClave } from './revocar-clave';
import { rotarSecreto } from './rotar-secreto';
import { sincronizarCrm } from './sincronizar-crm';
import type { Esquema } from '@/lib/api-client';

export type Escritura =
  | { tipo: 'crear-clave'; datos: Esquema<'DatosClave'> }
  | { tipo: 'revocar-clave'; id: string }
  | { tipo: 'crear-destino'; datos: Esquema<'DatosDestino'> }
  | { tipo: 'rotar-secreto'; id: string }
  | { tipo: 'probar'; id: string }
  | { tipo: 'reenviar'; id: string; entrega: string }
  | { tipo: 'activar'; id: string; activo: boolean }
  | { tipo: 'eliminar-destino'; id: string }
  | { tipo: 'sincronizar'; id: string };

/** What a write answers: a message, and the secret when it made one. */
export interface Escrito {
  message: string;
  secreto?: string;
}

async function escribir(e: Escritura, clave: string): Promise<Escrito> {
  switch (e.tipo) {
    case 'crear-clave': {
      const r = await crearClave(e.datos, clave);
      return { message: 'Clave creada', secreto: r.secreto };
    }
    case 'crear-destino': {
      const r = await crearDestino(e.datos, clave);
      return { message: 'Destino creado', secreto: r.secreto };
    }
    case 'rotar-secreto': {
      const r = await rotarSecreto(e.id, clave);
      return { message: 'Secreto nuevo', secreto: r.secreto };
    }
    case 'revocar-clave':
      return revocarClave(e.id);
    case 'probar':
      return probarDestino(e.id);
    case 'reenviar':
      return reenviarEntrega(e.id, e.entrega);
    case 'activar':
      return activarDestino(e.id, e.activo);
    case 'eliminar-destino':
      return eliminarDestino(e.id);
    case 'sincronizar':
      return sincronizarCrm(e.id);
  }
}

export function useEscribirIntegracion() {
  const queryClient = useQueryClient();
  return useMutacionUnica({
    mutationFn: escribir,
    onSuccess: async ({ message, secreto }) => {
      // A secret is shown by its own dialog; the rest say what happened.
      if (!secreto) toast.exito(message);
      await queryClient.invalidateQueries({ queryKey: CLAVE_INTEGRACIONES });
    },
  });
}
