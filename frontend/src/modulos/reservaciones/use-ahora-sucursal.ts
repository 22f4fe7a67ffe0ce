import { useEffect, useState } from 'react';
import { ahora } from '@/lib/reloj';
import type { ConfigHorario } from '@/lib/wasm';
import { horaLocalSucursal } from './retraso';

/** How often a screen's "now" moves on: a late party's minutes never lag by more than this. */
const PASO_MS = 15_000;

/** The branch's wall time now by the console's clock ("YYYY-MM-DD HH:MM"), read again every 15 s. */
export function useAhoraSucursal(horario: ConfigHorario | null = null): string {
  const [instante, setInstante] = useState(() => ahora());
  useEffect(() => {
    const reloj = setInterval(() => setInstante(ahora()), PASO_MS);
    return () => clearInterval(reloj);
  }, []);
  return horaLocalSucursal(instante, horario);
}
