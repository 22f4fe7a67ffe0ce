// /cocina: the kitchen's tablet. The diners seated now by buffet kind, the two hours ahead in
// quarter-hour rows (how many, of which kind, and what each row is made of: reservations weighted
// by how often such ones come, the waitlist, the usual walk-ins of this weekday and hour). It is
// read again whenever a table, the waitlist or a reservation changes, and each minute.
import { ArrowPathIcon, ExclamationTriangleIcon, PrinterIcon } from '@heroicons/react/24/outline';
import { Button } from '@/components/ui/Button';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { entero, horaCorta, horaLocalEn, palabraPersonas } from '@/lib/formato';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import { useCocina, useImprimirPronostico } from '../api/get-cocina';
import type { Esquema } from '@/lib/api-client';

type Comensales = Esquema<'Comensales'>;
type Fila = Esquema<'FilaPronostico'>;
type Impresion = Esquema<'ImpresionPronostico'>;

/** The last print's state on each kitchen printer, as the queue holds it. */
function UltimaImpresion({ trabajos }: { trabajos: Impresion[] }) {
  const primero = trabajos[0];
  if (!primero) return null;
  const estado = (t: Impresion) =>
    t.estado === 'impreso'
      ? 'impreso'
      : t.estado === 'vencido'
        ? `no se imprimió${t.ultimo_error ? `: ${t.ultimo_error}` : ''}`
        : t.intentos > 0
          ? `en cola, reintentando${t.ultimo_error ? ` (${t.ultimo_error})` : ''}`
          : 'en cola';
  return (
    <p className="text-sm text-stone-600" data-testid="ultima-impresion">
      Última impresión, {horaCorta(horaLocalEn(new Date(primero.creado_en)))}:{' '}
      {trabajos.map((t) => `${t.impresora} ${estado(t)}`).join(' · ')}
    </p>
  );
}

/** The buffet kinds in the ticket's words, regular then promo. */
const TIPOS: { clave: keyof Comensales; nombre: string; promo: boolean }[] = [
  { clave: 'adulto', nombre: 'Adulto', promo: false },
  { clave: 'nino', nombre: 'Niño', promo: false },
  { clave: 'caballero', nombre: 'Caballero', promo: true },
  { clave: 'dama', nombre: 'Dama', promo: true },
  { clave: 'nino_promo', nombre: 'Niño', promo: true },
];

/** "3 Adulto · 1 Niño": the kinds that have diners, regular and promo apart. */
function Tipos({ c, grande = false }: { c: Comensales; grande?: boolean }) {
  const presentes = TIPOS.filter((t) => c[t.clave] > 0);
  if (presentes.length === 0) return <span className="text-stone-400">—</span>;
  return (
    <span className="flex flex-wrap gap-1.5">
      {presentes.map((t) => (
        <span
          key={t.clave}
          data-tipo={t.clave}
          className={`inline-flex items-baseline gap-1 rounded-lg px-2 py-0.5 ring-1 ring-inset ${
            t.promo ? 'bg-violet-50 text-violet-900 ring-violet-200' : 'bg-stone-50 text-stone-800 ring-stone-200'
          } ${grande ? 'text-lg' : 'text-base'}`}
        >
          <span className="font-semibold tabular-nums">{c[t.clave]}</span>
          <span>{t.nombre}</span>
        </span>
      ))}
    </span>
  );
}

/** What a row is made of, in the kitchen's words. */
function Origen({ f }: { f: Fila }) {
  const partes: string[] = [];
  const r = f.reservaciones;
  if (r.grupos > 0) {
    const n = r.grupos === 1 ? '1 reservación' : `${r.grupos} reservaciones`;
    partes.push(r.esperados === r.personas ? `${n} (${r.personas})` : `${n} (${r.personas}, se esperan ${r.esperados})`);
  }
  const e = f.espera;
  if (e.grupos > 0) partes.push(`${e.grupos === 1 ? '1 grupo' : `${e.grupos} grupos`} en espera (${e.personas})`);
  if (f.walkins > 0) partes.push(`walk-ins de siempre: ${f.walkins}`);
  return <span className="text-sm text-stone-600">{partes.length > 0 ? partes.join(' · ') : 'Nadie esperado'}</span>;
}

function Tarjeta({ titulo, total, c, testid }: { titulo: string; total: number; c: Comensales; testid: string }) {
  return (
    <section className="rounded-2xl bg-white p-4 ring-1 ring-stone-200" aria-label={titulo} data-testid={testid}>
      <h2 className="text-sm font-medium text-stone-500">{titulo}</h2>
      <p className="mt-1 flex items-baseline gap-2">
        <span className="text-5xl font-semibold text-stone-900 tabular-nums" data-testid={`${testid}-total`}>
          {entero(total)}
        </span>
        <span className="text-lg text-stone-600">{palabraPersonas(total)}</span>
      </p>
      <div className="mt-3">
        <Tipos c={c} grande />
      </div>
    </section>
  );
}

function Cargando() {
  return (
    <div aria-busy="true" aria-label="Cargando el pronóstico" role="status" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Esqueleto className="h-36 w-full" />
        <Esqueleto className="h-36 w-full" />
      </div>
      {Array.from({ length: 8 }, (_, i) => (
        <Esqueleto key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

export function CocinaPantalla() {
  useTitulo('Cocina');
  const consulta = useCocina();
  const imprimir = useImprimirPronostico();
  const { sucursal } = useSesion();
  const p = consulta.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold text-stone-900">Cocina</h1>
          <p className="text-sm text-stone-600">
            Comensales sentados y esperados en las próximas dos horas
            {p ? <> · actualizado a las <span data-testid="actualizado">{horaCorta(p.ahora)}</span></> : null}
          </p>
        </div>
        <div className="flex shrink-0 flex-col gap-1 sm:max-w-[17rem] sm:items-end">
          <Button
            variante="secundario"
            className="min-h-12 px-5 text-base"
            disabled={!p || !sucursal || p.impresoras.length === 0}
            cargando={imprimir.isPending}
            onClick={() => sucursal && void imprimir.mutateAsync(sucursal).catch(() => undefined)}
          >
            <PrinterIcon className="size-5" aria-hidden />
            Imprimir pronóstico
          </Button>
          {p && (
            <p className="text-xs text-stone-500 sm:text-right" data-testid="impresoras-cocina">
              {p.impresoras.length === 0
                ? 'Sin impresora de cocina: agrega en la sucursal una que imprima la comanda.'
                : `Imprime en ${p.impresoras.join(', ')}`}
            </p>
          )}
        </div>
      </div>
      {p ? <UltimaImpresion trabajos={p.impresion} /> : null}

      {consulta.isPending ? (
        <Cargando />
      ) : consulta.isError && !p ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl bg-white p-8 text-center ring-1 ring-stone-200">
          <ExclamationTriangleIcon className="size-8 text-amber-600" aria-hidden />
          <p className="text-stone-800">No se pudo cargar el pronóstico.</p>
          <Button variante="secundario" onClick={() => void consulta.refetch()} cargando={consulta.isFetching}>
            <ArrowPathIcon className="size-4" aria-hidden />
            Reintentar
          </Button>
        </div>
      ) : p ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Tarjeta titulo="Sentados ahora" total={p.pronostico.sentados_total} c={p.pronostico.sentados} testid="sentados" />
            <Tarjeta titulo="Esperados en 2 horas" total={p.pronostico.esperados_total} c={p.pronostico.esperados} testid="esperados" />
          </div>
          <p className="text-sm text-stone-600" data-testid="historial">
            {p.pronostico.semanas === 0
              ? 'Aún no hay historial de walk-ins de este día: el pronóstico cuenta solo reservaciones y lista de espera.'
              : `Walk-ins de siempre: el promedio de ${p.pronostico.semanas === 1 ? 'la última semana' : `las últimas ${p.pronostico.semanas} semanas`} en este día y hora. Desde las ${horaCorta(p.inicio_promo)} se sirve la promoción (Caballero, Dama, Niño).`}
          </p>
          <ol className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200" aria-label="Pronóstico por cuarto de hora">
            {p.pronostico.filas.map((f) => (
              <li
                key={f.desde}
                data-testid="fila-pronostico"
                data-desde={f.desde}
                className="grid grid-cols-[5.5rem_4.5rem_1fr] items-center gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[7rem_5rem_minmax(0,1fr)_minmax(0,1.2fr)]"
              >
                <span className="text-lg font-medium whitespace-nowrap text-stone-700 tabular-nums">{horaCorta(f.desde)}</span>
                <span className={`text-3xl font-semibold tabular-nums ${f.total > 0 ? 'text-stone-900' : 'text-stone-300'}`} data-testid="total-fila">
                  {entero(f.total)}
                </span>
                <Tipos c={f.comensales} />
                <span className="col-span-3 sm:col-span-1">
                  <Origen f={f} />
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
