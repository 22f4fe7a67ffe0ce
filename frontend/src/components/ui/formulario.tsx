// Pieces every admin form shares: the inline message of a refused field, the "unchanged" test
// that keeps Guardar disabled, and the server's refusal read as {campo, mensaje}.
import { useId, type ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';

/** The rule's message under a field (text from core or the server, never written here). */
export function MensajeCampo({ mensaje, nombre }: { mensaje?: string | null; nombre: string }) {
  if (!mensaje) return null;
  return (
    <p className="mt-1 text-sm font-medium text-red-700" data-mensaje={nombre} role="alert">
      {mensaje}
    </p>
  );
}

/** Structural equality of plain JSON values (form state against what was loaded). */
export function iguales(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => iguales((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The field and message of a save the server refused by a rule; null for other failures. */
export function rechazoDeCampo(error: unknown): { campo: string; mensaje: string } | null {
  const rechazo = error instanceof ApiError ? error.rechazo : null;
  if (rechazo?.campo == null) return null;
  return { campo: rechazo.campo, mensaje: rechazo.mensaje };
}

/** The onError of an admin form's save: the server's refusal goes under its field. */
export function alRechazar(setErrores: (errores: { [campo: string]: string }) => void) {
  return (error: unknown) => {
    const r = rechazoDeCampo(error);
    if (r) setErrores({ [r.campo]: r.mensaje });
  };
}

/** A titled block of a settings page (a region named by its title). */
export function Seccion({ titulo, descripcion, children, acciones }: { titulo: string; descripcion?: string; children: ReactNode; acciones?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-100 px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <h2 id={id} className="text-base font-semibold text-stone-900">{titulo}</h2>
          {descripcion && <p className="text-sm text-stone-500">{descripcion}</p>}
        </div>
        {acciones && <div className="flex shrink-0 items-center gap-2">{acciones}</div>}
      </header>
      <div className="px-4 py-4 sm:px-5">{children}</div>
    </section>
  );
}

/** Class names of the console's dense tables. */
export const TABLA = {
  marco: 'overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200',
  tabla: 'min-w-full divide-y divide-stone-200 text-sm',
  th: 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase whitespace-nowrap',
  td: 'px-3 py-2 align-middle text-stone-700',
  fila: 'hover:bg-stone-50',
} as const;
