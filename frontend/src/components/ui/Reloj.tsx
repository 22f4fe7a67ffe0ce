import { useEffect, useState } from 'react';
import { ahora as horaDelServidor } from '@/lib/reloj';

const formato = new Intl.DateTimeFormat('es-MX', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
  timeZone: 'America/Mexico_City',
});

/** Live clock of the check-in screen: es-MX, 12-hour with seconds, ticking every second. */
export function Reloj({ className = '' }: { className?: string }) {
  const [ahora, setAhora] = useState(() => horaDelServidor());
  useEffect(() => {
    const reloj = setInterval(() => setAhora(horaDelServidor()), 1000);
    return () => clearInterval(reloj);
  }, []);
  return (
    <time dateTime={ahora.toISOString()} className={`tabular-nums ${className}`} aria-live="off">
      {formato.format(ahora)}
    </time>
  );
}
