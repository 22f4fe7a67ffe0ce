import { useEffect, useState } from 'react';

/** Whole seconds left until `hasta` (epoch ms), ticking each second; 0 once it has passed or with none. */
export function useCuentaRegresiva(hasta: number | null): number {
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    if (hasta === null) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new deadline counts from this moment at once, not a second later
    setAhora(Date.now());
    const reloj = setInterval(() => {
      const t = Date.now();
      setAhora(t);
      if (t >= hasta) clearInterval(reloj);
    }, 1000);
    return () => clearInterval(reloj);
  }, [hasta]);
  return hasta === null ? 0 : Math.max(0, Math.ceil((hasta - ahora) / 1000));
}
