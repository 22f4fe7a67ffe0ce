import { useEffect, useEffectEvent, useState } from 'react';
import { ErrorPublico } from '../api';

export type Estado<T> = { tipo: 'cargando' } | { tipo: 'listo'; datos: T; clave: string } | { tipo: 'error'; mensaje: string; status: number };

/** One GET that follows its inputs; a newer question cancels the one on its way. */
export function useConsulta<T>(clave: string | null, pedir: (signal: AbortSignal) => Promise<T>, vuelta = 0): Estado<T> {
  const [estado, setEstado] = useState<Estado<T>>({ tipo: 'cargando' });
  // The question is this render's, which is current; only the key and a retry ask again.
  const preguntar = useEffectEvent((signal: AbortSignal) => pedir(signal));
  useEffect(() => {
    if (clave === null) return;
    const control = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new question shows its loading state at once, whatever was answered before
    setEstado({ tipo: 'cargando' });
    preguntar(control.signal).then(
      (datos) => setEstado({ tipo: 'listo', datos, clave }),
      (e: unknown) => {
        if (control.signal.aborted) return;
        setEstado({ tipo: 'error', mensaje: e instanceof Error ? e.message : String(e), status: e instanceof ErrorPublico ? e.status : 0 });
      },
    );
    return () => control.abort();
  }, [clave, vuelta]);
  return estado;
}
