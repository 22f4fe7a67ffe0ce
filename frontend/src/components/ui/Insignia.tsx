import type { ReactNode } from 'react';

export type Tono = 'neutro' | 'acento' | 'exito' | 'peligro' | 'aviso';

const tonos: Record<Tono, string> = {
  neutro: 'bg-stone-100 text-stone-700 ring-stone-500/20',
  acento: 'bg-primary-50 text-primary-800 ring-primary-600/20',
  exito: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  peligro: 'bg-red-50 text-red-700 ring-red-600/25',
  aviso: 'bg-amber-50 text-amber-800 ring-amber-600/25',
};

/** A small rounded label for a state. */
export function Insignia({ tono = 'neutro', children, className = '' }: { tono?: Tono; children: ReactNode; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tonos[tono]} ${className}`}>
      {children}
    </span>
  );
}
