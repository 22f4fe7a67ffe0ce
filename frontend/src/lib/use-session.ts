import { useSyncExternalStore } from 'react';
import { leerSesion, suscribirSesion, type EstadoSesion } from './session';

export function useSesion(): EstadoSesion {
  return useSyncExternalStore(suscribirSesion, leerSesion, leerSesion);
}
