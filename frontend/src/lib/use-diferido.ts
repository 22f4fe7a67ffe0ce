import { useEffect, useState } from 'react';

/** `valor` once it has stopped changing for `ms` (a search asks the server after the typing pauses). */
export function useDiferido<T>(valor: T, ms: number): T {
  const [diferido, setDiferido] = useState(valor);
  useEffect(() => {
    const reloj = setTimeout(() => setDiferido(valor), ms);
    return () => clearTimeout(reloj);
  }, [valor, ms]);
  return diferido;
}
