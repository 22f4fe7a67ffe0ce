import { ArrowPathIcon, CheckCircleIcon, ComputerDesktopIcon, ExclamationTriangleIcon, PrinterIcon } from '@heroicons/react/20/solid';
import { useEffect, useRef, type FocusEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { resumenTicket, textoEstado, type EstadoTicket, type TipoTicket } from '../impresion';
import type { Esquema } from '@/lib/api-client';

const TITULOS: Record<TipoTicket, string> = { comanda: 'Comanda', abre: 'Abre' };

const ICONOS: Record<Exclude<EstadoTicket, 'sin_impresora'>, ReactNode> = {
  en_cola: <Spinner className="size-6 shrink-0 text-amber-700" />,
  impreso: <CheckCircleIcon aria-hidden className="size-6 shrink-0 text-emerald-700" />,
  fallo: <ExclamationTriangleIcon aria-hidden className="size-6 shrink-0 text-red-700" />,
};

const TONOS: Record<Exclude<EstadoTicket, 'sin_impresora'>, string> = {
  en_cola: 'bg-amber-50 text-amber-900 ring-amber-200',
  impreso: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  fallo: 'bg-red-50 text-red-900 ring-red-200',
};

/** Which of the ticket's actions is on its way (its button shows a spinner). */
export type AccionEnCurso = 'reintentar' | 'reimprimir' | null;

export interface PropsImpresionTicket {
  tipo: TipoTicket;
  /** The record's jobs at the branch's printers; undefined while unknown (or not followed). */
  impresion: Esquema<'ImpresionDeRegistro'> | undefined;
  /** The browser's print dialog for this ticket. */
  alImprimir: () => void;
  alReintentar: (trabajos: string[]) => void;
  alReimprimir: () => void;
  enCurso?: AccionEnCurso;
  /** Focus the ticket's one action (its browser print where the browser is its only way). */
  enfocar?: boolean;
}

/**
 * How one ticket gets printed, above its preview. Where a printer takes it: one state headline,
 * large ("Enviado a Cocina ✓", "En cola", "Falló: …"), announced as it changes, one line per
 * printer below when there are several, the state's one action (Reintentar a failure, Reimprimir
 * a printed ticket, nothing while queued), and the browser's print as a quieter named fallback,
 * "Imprimir en este equipo". Where none does (a branch without printers, or none for this
 * ticket), the browser's print is the ticket's only action, "Imprimir Comanda" / "Imprimir Abre".
 */
export function ImpresionTicket({ tipo, impresion, alImprimir, alReintentar, alReimprimir, enCurso = null, enfocar = false }: PropsImpresionTicket) {
  const titulo = TITULOS[tipo];
  const resumen = resumenTicket(impresion?.trabajos ?? [], tipo);
  const principal = useRef<HTMLButtonElement>(null);
  const respaldo = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (enfocar) principal.current?.focus();
  }, [enfocar]);
  // When the focused action goes with its state (Reintentar, once the ticket is queued again),
  // the focus moves to the browser's print of the same ticket instead of the page's start.
  const accionConFoco = useRef(false);
  const accionActual = resumen.accion;
  useEffect(() => {
    if (accionActual !== null || !accionConFoco.current) return;
    accionConFoco.current = false;
    if (document.activeElement === null || document.activeElement === document.body) respaldo.current?.focus({ preventScroll: true });
  }, [accionActual]);
  const seguirFoco = { onFocus: () => (accionConFoco.current = true), onBlur: (e: FocusEvent) => (accionConFoco.current = e.relatedTarget === null) };

  if (resumen.estado === 'sin_impresora') {
    return (
      <div className="flex w-full max-w-[80mm] flex-col items-stretch gap-2" data-impresion={tipo} data-estado-ticket="sin_impresora">
        <Button ref={principal} variante={tipo === 'comanda' ? 'primario' : 'secundario'} onClick={alImprimir} className="min-h-12 w-full">
          <PrinterIcon aria-hidden className="size-5" />
          Imprimir {titulo}
        </Button>
        {impresion && impresion.impresoras > 0 && (
          <p className="text-center text-sm text-stone-500">Ninguna impresora imprime {tipo === 'comanda' ? 'la comanda' : 'el abre'}.</p>
        )}
      </div>
    );
  }

  const { estado, titular, accion, porImpresora } = resumen;
  const unico = porImpresora.length === 1 ? porImpresora[0] : null;
  return (
    <div className="flex w-full max-w-[80mm] flex-col items-stretch gap-2" data-impresion={tipo} data-estado-ticket={estado}>
      <div className={`space-y-3 rounded-xl p-3 ring-1 ${TONOS[estado]}`}>
        <p className="text-xs font-semibold tracking-wide uppercase opacity-70">{titulo}</p>
        <div role="status" aria-live="polite" aria-label={`Impresión: ${titulo}`}>
          <p className="flex items-start gap-2 text-lg leading-snug font-semibold" data-titular>
            <span className="mt-0.5">{ICONOS[estado]}</span>
            <span className="min-w-0 break-words">{titular}</span>
          </p>
          {unico
            ? unico.estado === 'impreso' && (
                <p className="mt-1 pl-8 text-sm opacity-80" data-detalle>
                  {textoEstado(unico)}
                  {unico.reimpresion && ' · Reimpresión'}
                </p>
              )
            : (
                <ul className="mt-2 space-y-1 pl-8 text-sm" data-detalle>
                  {porImpresora.map((t) => (
                    <li key={t._id} data-trabajo={t.estado} data-impresora={t.impresora} className="break-words">
                      <span className="font-medium">{t.impresora}:</span> {textoEstado(t)}
                      {t.reimpresion && ' · Reimpresión'}
                    </li>
                  ))}
                </ul>
              )}
        </div>
        {accion === 'reintentar' && (
          <Button ref={principal} variante="primario" className="min-h-12 w-full" cargando={enCurso === 'reintentar'} onClick={() => alReintentar(resumen.aReintentar)} {...seguirFoco}>
            <ArrowPathIcon aria-hidden className="size-5" />
            Reintentar
          </Button>
        )}
        {accion === 'reimprimir' && (
          <Button ref={principal} variante="secundario" className="min-h-12 w-full" cargando={enCurso === 'reimprimir'} onClick={alReimprimir} {...seguirFoco}>
            <PrinterIcon aria-hidden className="size-5" />
            Reimprimir
          </Button>
        )}
      </div>
      <Button
        ref={(el) => {
          respaldo.current = el;
          if (!accion) principal.current = el;
        }}
        variante="fantasma" onClick={alImprimir} className="min-h-11 w-full text-stone-600 underline-offset-2 hover:underline" data-respaldo>
        <ComputerDesktopIcon aria-hidden className="size-5" />
        Imprimir en este equipo
      </Button>
    </div>
  );
}
