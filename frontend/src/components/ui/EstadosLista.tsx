import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Button } from './Button';
import { Esqueleto } from './Esqueleto';

/**
 * A side list's states around its rows: skeleton rows of the list's height while it loads, the
 * error with a retry when nothing could be shown, the empty message, else the list itself.
 */
export function EstadosLista({
  cargando,
  fallo,
  reintentar,
  reintentando,
  altoFila,
  nombre,
  vacio,
  iconoVacio: IconoVacio,
  children,
}: {
  cargando: boolean;
  /** The list failed and holds nothing to show. */
  fallo: boolean;
  reintentar: () => void;
  reintentando: boolean;
  altoFila: number;
  /** What the list holds, plural ("walk-ins", "las reservaciones"), for the loading and error texts. */
  nombre: { carga: string; error: string };
  /** The empty message; `children` is null while the list is empty. */
  vacio: string;
  iconoVacio: ComponentType<SVGProps<SVGSVGElement>>;
  children: ReactNode;
}) {
  if (cargando) {
    return (
      <div aria-busy="true" aria-label={`Cargando ${nombre.carga}`} role="status">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="flex items-center gap-3 border-b border-stone-100 px-4" style={{ height: altoFila }}>
            <div className="w-[4.75rem] space-y-1.5">
              <Esqueleto className="h-3 w-12" />
              <Esqueleto className="h-3.5 w-16" />
            </div>
            <div className="flex-1 space-y-2">
              <Esqueleto className="h-3.5 w-32" />
              <Esqueleto className="h-3 w-16" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (fallo) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center">
        <ExclamationTriangleIcon aria-hidden className="size-8 text-amber-500" />
        <p className="text-sm text-stone-600">No se pudieron cargar {nombre.error}.</p>
        <Button variante="secundario" onClick={reintentar} cargando={reintentando}>
          Reintentar
        </Button>
      </div>
    );
  }
  if (children === null) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center">
        <IconoVacio aria-hidden className="size-9 text-stone-300" />
        <p className="text-sm font-medium text-stone-600">{vacio}</p>
      </div>
    );
  }
  return <>{children}</>;
}
