import { useRef, useState, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { fechaYHora } from '@/lib/formato';
import { esCumpleanos, lineasBuffet, type DatosTicket } from '../orden';
import type { TipoTicket } from '../impresion';
import { usePieTicket } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { ImagenCumpleanos } from './ImagenCumpleanos';
import { ImpresionTicket } from './EstadoImpresion';
import { useImpresion, type Registro } from '../api/get-impresion';
import { useEscribirImpresion } from '../api/escribir-impresion';
import './impresion.css';

export type { TipoTicket };

const TITULOS: Record<TipoTicket, string> = { comanda: 'Comanda', abre: 'Abre' };

/** A branch without a "Pie del ticket" of its own closes its tickets with this. */
export const PIE_POR_DEFECTO = 'Gracias por su visita';

/** Pixels per millimetre at the CSS reference resolution (96 dpi). */
const PX_POR_MM = 96 / 25.4;

function Linea({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <span className="shrink-0">{etiqueta}</span>
      <span className="min-w-0 text-right break-words">{children}</span>
    </div>
  );
}

const Corte = () => <div aria-hidden className="my-[2mm] border-t border-dashed border-black" />;

/**
 * One 80 mm ticket, as it prints and as the screen previews it: monospaced, black on white,
 * 4 mm side padding so the text stays within a 72 mm printable width.
 */
export function Ticket({
  datos: d,
  tipo,
  pie = null,
  pieCargando = false,
}: {
  datos: DatosTicket;
  tipo: TipoTicket;
  /** The branch's closing line (`null`: the default). */
  pie?: string | null;
  /** The closing line is not known yet: the ticket leaves it blank rather than say the default. */
  pieCargando?: boolean;
}) {
  return (
    <article
      data-ticket={tipo}
      aria-label={`Ticket: ${TITULOS[tipo]}`}
      className="box-border w-[80mm] bg-white px-[4mm] py-[4mm] font-mono text-[12px] leading-[1.4] text-black"
    >
      {d.lugar && <p className="text-center font-bold">{d.lugar}</p>}
      <p className="text-center text-[15px] font-bold tracking-[0.2em] uppercase">{TITULOS[tipo]}</p>
      <p className="mt-[1mm] text-center text-[18px] font-bold" data-campo="folio">
        Folio {d.folio}
      </p>
      <p className="text-center">
        {fechaYHora(d.fechaHora)}
      </p>
      <Corte />
      <Linea etiqueta="Cliente">
        <span data-campo="cliente">{d.nombre}</span>
      </Linea>
      <Linea etiqueta="Evento">{d.evento}</Linea>
      <Linea etiqueta="Mesa">
        <span className="text-[15px] font-bold" data-campo="mesa">
          {d.mesa}
        </span>
      </Linea>
      <Linea etiqueta="Personas">
        <span className="font-bold" data-campo="personas">
          {d.personas}
        </span>
      </Linea>
      {d.llegada && (
        <Linea etiqueta="Llegada">
          <span className="font-bold" data-campo="llegada">
            {d.llegada}
          </span>
        </Linea>
      )}
      {tipo === 'comanda' && <Linea etiqueta="Mesero">{d.mesero}</Linea>}
      <Corte />
      <p className="font-bold">BUFFET {d.buffet.afterSeven ? 'PROMOCIÓN' : 'REGULAR'}</p>
      {lineasBuffet(d.buffet).map(([etiqueta, n]) => (
        <Linea key={etiqueta} etiqueta={etiqueta}>
          <span className="font-bold" data-buffet={etiqueta}>
            {n}
          </span>
        </Linea>
      ))}
      <Corte />
      <p className="font-bold">PROMOCIONES</p>
      {d.promos.length === 0 ? (
        <p>Sin promociones</p>
      ) : (
        <ul>
          {d.promos.map((p) => (
            <li key={p._id} data-promo={p.name} className="mt-[1mm]">
              <div className="flex gap-2">
                <span className="shrink-0 font-bold">{p.qty ?? 1} x</span>
                <span className="min-w-0 break-words">{p.name}</span>
              </div>
              {esCumpleanos(p) ? (
                <div className="mt-[1mm] flex flex-col items-center text-center" data-cumpleanos>
                  <ImagenCumpleanos />
                  <p className="font-bold">¡Feliz cumpleaños!</p>
                  <p data-campo="festejados">{p.field}</p>
                </div>
              ) : (
                p.field && (
                  <p className="mt-[0.5mm] break-words" data-campo="festejados">
                    {p.field}
                  </p>
                )
              )}
            </li>
          ))}
        </ul>
      )}
      <Corte />
      <p className="text-center text-[11px] break-words whitespace-pre-line" data-campo="pie" aria-busy={pieCargando}>
        {pieCargando ? '\u00a0' : (pie ?? PIE_POR_DEFECTO)}
      </p>
    </article>
  );
}

/**
 * The comanda and the abre side by side (stacked on a narrow screen), each with how it gets
 * printed (`ImpresionTicket`): where the branch has kitchen printers, its state at them, live,
 * with one action and the browser's print as a named fallback; otherwise the browser's print
 * alone. That print renders the chosen ticket alone into a root of its own, sizes the page to it
 * and opens the browser's print dialog; nothing else of the page prints.
 */
export function TicketsOrden({
  datos,
  enfocar = false,
  registro = null,
}: {
  datos: DatosTicket;
  /** Focus the comanda's action once its printing is known (the last step of a wizard). */
  enfocar?: boolean;
  /** The walk-in or reservation the tickets belong to: their state at the branch's printers. */
  registro?: Registro | null;
}) {
  const [aImprimir, setAImprimir] = useState<TipoTicket | null>(null);
  const impresion = useImpresion(registro);
  const escribir = useEscribirImpresion();
  const enCurso = (tipo: TipoTicket) => {
    const v = escribir.isPending ? escribir.variables : undefined;
    if (v?.tipo === 'reimprimir') return v.ticket === tipo ? 'reimprimir' : null;
    if (v?.tipo === 'reintentar') return impresion.data?.trabajos.some((t) => t.tipo === tipo && v.trabajos.includes(t._id)) ? 'reintentar' : null;
    return null;
  };
  const pie = usePieTicket(datos.tag);
  const raiz = useRef<HTMLDivElement>(null);
  const pagina = useRef<HTMLStyleElement>(null);

  function imprimir(tipo: TipoTicket) {
    // Rendered now, so it can be measured and printed within this click.
    flushSync(() => setAImprimir(tipo));
    const caja = raiz.current;
    if (!caja || !pagina.current) return;
    // One page as long as the ticket (a roll is cut where the ticket ends), a millimetre to spare.
    const alto = Math.ceil(caja.scrollHeight / PX_POR_MM) + 1;
    pagina.current.textContent = `@page { size: 80mm ${alto}mm; margin: 0 }`;
    window.print();
  }

  return (
    <div className="flex flex-wrap justify-center gap-5">
      {(['comanda', 'abre'] as const).map((tipo) => (
        <section key={tipo} aria-label={TITULOS[tipo]} className="flex flex-col items-center gap-3">
          <ImpresionTicket
            tipo={tipo}
            impresion={registro ? impresion.data : undefined}
            alImprimir={() => imprimir(tipo)}
            alReintentar={(trabajos) => escribir.mutate({ tipo: 'reintentar', trabajos })}
            alReimprimir={() => registro && escribir.mutate({ tipo: 'reimprimir', registro, ticket: tipo })}
            enCurso={enCurso(tipo)}
            enfocar={enfocar && tipo === 'comanda' && !impresion.isLoading}
          />
          <div className="rounded-md shadow-md ring-1 ring-stone-200">
            <Ticket datos={datos} tipo={tipo} pie={pie ?? null} pieCargando={pie === undefined} />
          </div>
        </section>
      ))}
      {aImprimir &&
        createPortal(
          <div ref={raiz} className="raiz-impresion" data-testid="raiz-impresion" data-imprimiendo={aImprimir}>
            <style ref={pagina} />
            <Ticket datos={datos} tipo={aImprimir} pie={pie ?? null} pieCargando={pie === undefined} />
          </div>,
          document.body,
        )}
    </div>
  );
}
