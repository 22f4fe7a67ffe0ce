import { useEffect, useState } from 'react';
import { horaConSegundos } from '@/lib/formato';
import { ahora as horaDelServidor } from '@/lib/reloj';

/** Live clock of the check-in screen: es-MX, 12-hour with seconds, ticking every second. */
export function Reloj({ className = '' }: { className?: string }) {
  const [ahora, setAhora] = useState(() => horaDelServidor());
  useEffect(() => {
    const reloj = setInterval(() => setAhora(horaDelServidor()), 1000);
    return () => clearInterval(reloj);
  }, []);
  return (
    <time dateTime={ahora.toISOString()} className={`tabular-nums ${className}`} aria-live="off">
      {horaConSegundos(ahora)}
    </time>
  );
}
