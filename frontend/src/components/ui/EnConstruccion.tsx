import { WrenchScrewdriverIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';

/** What a screen shows until the issue that builds it lands: its name and "En construcción". */
export function EnConstruccion({
  titulo,
  detalle,
  children,
  nivel = 1,
}: {
  titulo: string;
  detalle?: string;
  children?: ReactNode;
  /** 2 inside a screen that already has its own h1. */
  nivel?: 1 | 2;
}) {
  const Titulo = nivel === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby="titulo-pantalla" className="space-y-6">
      <Titulo
        id="titulo-pantalla"
        className={nivel === 1 ? 'text-2xl font-bold tracking-tight text-stone-900' : 'text-lg font-semibold text-stone-800'}
      >
        {titulo}
      </Titulo>
      {children}
      <div className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-primary-50 text-primary-700">
          <WrenchScrewdriverIcon aria-hidden className="size-6" />
        </span>
        <p className="text-lg font-semibold text-stone-800">En construcción</p>
        <p className="max-w-md text-sm text-stone-500">
          {detalle ?? 'Esta pantalla estará disponible en una próxima versión de la consola.'}
        </p>
      </div>
    </section>
  );
}
