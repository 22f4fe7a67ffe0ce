import { ArrowPathIcon, CheckCircleIcon, ClockIcon, ExclamationTriangleIcon, PrinterIcon } from '@heroicons/react/20/solid';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useEscribirImpresion } from '../api/escribir-impresion';
import { useImpresion, type Registro } from '../api/get-impresion';
import { textoEstado } from '../impresion';

const ICONOS = {
  en_cola: <Spinner className="size-4 text-amber-600" />,
  impreso: <CheckCircleIcon aria-hidden className="size-4 text-emerald-600" />,
  fallo: <ExclamationTriangleIcon aria-hidden className="size-4 text-red-600" />,
  vencido: <ClockIcon aria-hidden className="size-4 text-stone-500" />,
} as const;

const TONOS = {
  en_cola: 'text-amber-800',
  impreso: 'text-emerald-800',
  fallo: 'text-red-700',
  vencido: 'text-stone-600',
} as const;

/**
 * Where a record's comanda or abre stands at the branch's printers, live: one line per printer
 * (and per reprint), "Reintentar" on one that failed or expired, and "Reimprimir" for a copy.
 * Nothing at all for a branch without printers: its tickets print from the browser as before.
 */
export function EstadoImpresion({ registro, tipo }: { registro: Registro; tipo: 'comanda' | 'abre' }) {
  const impresion = useImpresion(registro);
  const escribir = useEscribirImpresion();
  const d = impresion.data;
  if (!d || (d.impresoras === 0 && d.trabajos.length === 0)) return null;
  const trabajos = d.trabajos.filter((t) => t.tipo === tipo);
  const titulo = tipo === 'comanda' ? 'Comanda' : 'Abre';
  return (
    <div role="status" aria-live="polite" aria-label={`Impresión: ${titulo}`} data-impresion={tipo} className="w-full max-w-[80mm] space-y-1.5 rounded-lg bg-stone-50 px-3 py-2 text-sm ring-1 ring-stone-200">
      {trabajos.length === 0 ? (
        <p className="text-stone-500">Ninguna impresora imprime {tipo === 'comanda' ? 'la comanda' : 'el abre'}.</p>
      ) : (
        <ul className="space-y-1.5">
          {trabajos.map((t) => (
            <li key={t._id} data-trabajo={t.estado} className="flex min-h-9 items-center gap-2">
              <span className="shrink-0">{ICONOS[t.estado]}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-stone-800">
                  {t.impresora}
                  {t.reimpresion && <span className="font-normal text-stone-500"> · Reimpresión</span>}
                </span>
                <span className={`block text-xs ${TONOS[t.estado]}`} data-estado>
                  {textoEstado(t)}
                </span>
              </span>
              {(t.estado === 'fallo' || t.estado === 'vencido') && (
                <Button variante="secundario" className="min-h-9 shrink-0 px-2.5 py-1 text-xs" cargando={escribir.isPending && escribir.variables?.tipo === 'reintentar' && escribir.variables.trabajo === t._id} onClick={() => escribir.mutate({ tipo: 'reintentar', trabajo: t._id })}>
                  <ArrowPathIcon aria-hidden className="size-4" />
                  Reintentar
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {d.impresoras > 0 && trabajos.length > 0 && (
        <Button variante="secundario" className="min-h-10 w-full py-1.5 text-sm" cargando={escribir.isPending && escribir.variables?.tipo === 'reimprimir' && escribir.variables.ticket === tipo} onClick={() => escribir.mutate({ tipo: 'reimprimir', registro, ticket: tipo })}>
          <PrinterIcon aria-hidden className="size-4" />
          Reimprimir
        </Button>
      )}
    </div>
  );
}
