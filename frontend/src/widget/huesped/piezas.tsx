// The pieces the guest's pages share: the facts of a reservation, the buttons, the notes, and the
// question before cancelling. The look is the booking form's (`reservar/estilos.ts`).

import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { fechaLarga, horaCorta, textoPersonas } from '../../lib/formato';

const baseBoton =
  'flex min-h-12 w-full items-center justify-center gap-2 rounded-lg px-4 text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed';

/** The page's one main action: full width on a phone, the booking's "Reservar" button. */
export const botonPrincipal = `${baseBoton} bg-primary-700 text-white shadow-sm hover:bg-primary-800 disabled:bg-stone-300 disabled:text-stone-600 disabled:shadow-none`;
/** A second action beside it. */
export const botonSecundario = `${baseBoton} bg-white text-stone-800 ring-1 ring-stone-300 ring-inset hover:bg-stone-50 disabled:text-stone-400`;
/** An action that undoes the booking (cancel), quieter than the main one. */
export const botonPeligro = `${baseBoton} bg-white text-red-700 ring-1 ring-red-300 ring-inset hover:bg-red-50 disabled:text-stone-400 disabled:ring-stone-200`;

/** The spinner a button shows while its action is on its way. */
export function Girando({ claro = false }: { claro?: boolean }) {
  return (
    <span
      aria-hidden
      className={`size-4 shrink-0 animate-spin rounded-full border-2 ${claro ? 'border-white/40 border-t-white' : 'border-stone-300 border-t-stone-700'}`}
    />
  );
}

export function Dato({ titulo, children, campo, className = 'py-2' }: { titulo: string; children: string; campo: string; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{titulo}</dt>
      <dd className="text-base font-medium break-words text-stone-900 first-letter:uppercase" data-campo={campo}>
        {children}
      </dd>
    </div>
  );
}

/** Branch, date written out, time and party of a reservation. */
export function Resumen({ r }: { r: { fecha_hora: string; no_personas: number; sucursal: string; marca: string } }) {
  return (
    <dl className="divide-y divide-stone-100 rounded-xl bg-stone-50 px-4 py-1 ring-1 ring-stone-200" data-testid="resumen-reservacion">
      <Dato titulo="Sucursal" campo="sucursal">
        {r.marca ? `${r.marca} · ${r.sucursal}` : r.sucursal}
      </Dato>
      <Dato titulo="Fecha" campo="fecha">
        {fechaLarga(r.fecha_hora)}
      </Dato>
      <div className="grid grid-cols-2 gap-4">
        <Dato titulo="Hora" campo="hora">
          {horaCorta(r.fecha_hora)}
        </Dato>
        <Dato titulo="Personas" campo="no_personas">
          {textoPersonas(r.no_personas)}
        </Dato>
      </div>
    </dl>
  );
}

const TONOS = {
  exito: { caja: 'bg-green-50 ring-green-200', titulo: 'text-green-900', texto: 'text-green-800', icono: '✓' },
  neutro: { caja: 'bg-stone-50 ring-stone-200', titulo: 'text-stone-900', texto: 'text-stone-700', icono: 'i' },
  aviso: { caja: 'bg-amber-50 ring-amber-200', titulo: 'text-amber-950', texto: 'text-amber-900', icono: '!' },
  error: { caja: 'bg-red-50 ring-red-200', titulo: 'text-red-900', texto: 'text-red-800', icono: '!' },
} as const;

/**
 * A note in the page's flow: the result of an action (`exito`), a state (`neutro`, `aviso`) or a
 * refusal (`error`). A result takes the focus when it appears, so it is read and seen at once.
 */
export function Nota({
  tono,
  titulo,
  children,
  rol = tono === 'error' ? 'alert' : 'status',
  enfocar = false,
  prueba,
}: {
  tono: keyof typeof TONOS;
  titulo?: string;
  children?: ReactNode;
  rol?: 'alert' | 'status';
  enfocar?: boolean;
  prueba?: string;
}) {
  const t = TONOS[tono];
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!enfocar) return;
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [enfocar]);
  return (
    <div
      ref={ref as Ref<HTMLDivElement>}
      role={rol}
      tabIndex={enfocar ? -1 : undefined}
      className={`flex gap-3 rounded-xl px-4 py-3 ring-1 ring-inset focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 ${t.caja}`}
      data-testid={prueba}
      data-tono={tono}
    >
      <span aria-hidden className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ring-1 ring-current ${t.texto}`}>
        {t.icono}
      </span>
      <div className="min-w-0 space-y-1">
        {titulo && <p className={`text-base font-semibold ${t.titulo}`}>{titulo}</p>}
        {children && <div className={`text-sm ${t.texto}`}>{children}</div>}
      </div>
    </div>
  );
}

/**
 * "¿Seguro que quieres cancelar?" asked in the page (never the browser's `confirm()`): the
 * question takes the focus; "No" goes back, "Sí" cancels.
 */
export function PreguntaCancelar({ enviando, alConfirmar, alVolver }: { enviando: boolean; alConfirmar: () => void; alVolver: () => void }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div role="group" aria-labelledby="pregunta-cancelar" className="space-y-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200 ring-inset" data-testid="pregunta-cancelar">
      <p id="pregunta-cancelar" ref={ref} tabIndex={-1} className="text-base font-semibold text-red-900 focus:outline-none">
        ¿Seguro que quieres cancelar?
      </p>
      <p className="text-sm text-red-800">Tu mesa quedará libre para alguien más.</p>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <button type="button" onClick={alConfirmar} disabled={enviando} aria-busy={enviando || undefined} className={`${botonPrincipal} sm:w-auto`}>
          {enviando && <Girando claro />}
          {enviando ? 'Cancelando…' : 'Sí, cancelar mi reservación'}
        </button>
        <button type="button" onClick={alVolver} disabled={enviando} className={`${botonSecundario} sm:w-auto`}>
          No, conservarla
        </button>
      </div>
    </div>
  );
}
