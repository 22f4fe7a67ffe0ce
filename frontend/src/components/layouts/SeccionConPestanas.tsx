import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Pestanas } from '../ui/Pestanas';

/**
 * A section whose tabs are URLs (`{base}/{slug}`): its heading, the tab bar with `activa`
 * marked, and below them `children`, or else the screen of the nested route.
 */
export function SeccionConPestanas({
  titulo,
  etiqueta,
  base,
  pestanas,
  activa,
  children,
}: {
  titulo: string;
  etiqueta: string;
  base: string;
  pestanas: readonly { slug: string; titulo: string }[];
  activa: string;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900">{titulo}</h1>
      <Pestanas
        etiqueta={etiqueta}
        pestanas={pestanas.map((p) => ({ ruta: `${base}/${p.slug}`, titulo: p.titulo, activa: p.slug === activa }))}
      />
      {children ?? <Outlet />}
    </div>
  );
}
