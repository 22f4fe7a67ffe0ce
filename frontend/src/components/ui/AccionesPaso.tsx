import { ArrowLeftIcon, ArrowRightIcon } from '@heroicons/react/20/solid';
import type { ReactNode } from 'react';
import { Button } from './Button';

/**
 * The foot of a wizard step: Regresar on the left (when there is a step behind), the step's
 * main button on the right. The main button submits the step's form, so Enter does the same.
 */
export function AccionesPaso({
  alRegresar,
  principal = 'Siguiente',
  cargando = false,
  deshabilitado = false,
  conFlecha = true,
  children,
}: {
  alRegresar?: () => void;
  principal?: string;
  cargando?: boolean;
  deshabilitado?: boolean;
  conFlecha?: boolean;
  /** Anything between the two (a hint, a secondary action). */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-stone-100 pt-5 sm:flex-row sm:items-center">
      {alRegresar && (
        <Button variante="secundario" onClick={alRegresar} className="min-h-12 sm:min-w-32" disabled={cargando}>
          <ArrowLeftIcon aria-hidden className="size-5" />
          Regresar
        </Button>
      )}
      <div className="min-w-0 flex-1">{children}</div>
      <Button type="submit" cargando={cargando} disabled={deshabilitado} className="min-h-12 sm:min-w-40">
        {principal}
        {conFlecha && !cargando && <ArrowRightIcon aria-hidden className="size-5" />}
      </Button>
    </div>
  );
}
