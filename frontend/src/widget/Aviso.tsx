import type { ReactNode } from 'react';

/** A grey placeholder bar while a part of the page loads. */
export function Bloque({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded-md bg-stone-200 ${className}`} />;
}

/** The page when the branch cannot be shown: unknown tag, or the server unreachable. */
export function Aviso({
  titulo,
  children,
  incrustado,
  rol = 'alert',
}: {
  titulo: string;
  children?: ReactNode;
  incrustado: boolean;
  rol?: 'alert' | 'status';
}) {
  return (
    <div role={rol} className={`mx-auto max-w-md px-5 text-center ${incrustado ? 'py-10' : 'py-20'}`} data-testid="aviso-widget">
      <h1 className="text-lg font-semibold text-stone-900">{titulo}</h1>
      {children && <div className="mt-2 text-sm text-stone-600">{children}</div>}
    </div>
  );
}
