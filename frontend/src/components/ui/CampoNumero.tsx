import { Description, Field, Input, Label } from '@headlessui/react';
import { MinusIcon, PlusIcon } from '@heroicons/react/20/solid';
import type { Ref } from 'react';
import { ESTILO_CAMPO } from './Campo';

/** What a number box holds: an empty box is null, never 0. */
function leer(texto: string): number | null {
  if (texto.trim() === '') return null;
  const n = Number(texto);
  return Number.isFinite(n) ? n : null;
}

/**
 * A whole-number box (minimum 0, step 1) with its label, the inline message of a rule under it,
 * and − / + buttons wide enough for a thumb; the buttons stay out of the tab order, so the
 * keyboard moves from box to box.
 */
export function CampoNumero({
  etiqueta,
  valor,
  alCambiar,
  mensaje,
  nombre,
  autoFocus,
  botones = true,
  ref,
  className = '',
}: {
  etiqueta: string;
  valor: number | null | undefined;
  alCambiar: (valor: number | null) => void;
  /** The rule's message for this field, shown under it. */
  mensaje?: string | null;
  nombre: string;
  autoFocus?: boolean;
  botones?: boolean;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}) {
  const actual = valor ?? null;
  const paso = (d: number) => alCambiar(Math.max(0, (actual ?? 0) + d));
  const boton =
    'grid w-11 shrink-0 place-items-center text-stone-600 hover:bg-stone-100 active:bg-stone-200 disabled:text-stone-300 disabled:hover:bg-transparent focus:outline-none';
  return (
    <Field className={`space-y-1.5 ${className}`} data-campo={nombre}>
      <Label className="block text-sm font-medium text-stone-700">{etiqueta}</Label>
      <div className={`flex overflow-hidden rounded-lg shadow-sm ring-1 ring-inset ${mensaje ? 'ring-red-400' : 'ring-stone-300'} focus-within:ring-2 focus-within:ring-primary-600`}>
        {botones && (
          <button type="button" tabIndex={-1} aria-hidden className={`${boton} border-r border-stone-200`} onClick={() => paso(-1)} disabled={(actual ?? 0) <= 0}>
            <MinusIcon className="size-5" />
          </button>
        )}
        <Input
          ref={ref}
          type="number"
          name={nombre}
          inputMode="numeric"
          min={0}
          step={1}
          autoFocus={autoFocus}
          value={actual === null ? '' : String(actual)}
          onChange={(e) => alCambiar(leer(e.target.value))}
          invalid={Boolean(mensaje)}
          className={`${ESTILO_CAMPO} min-w-0 rounded-none text-center tabular-nums shadow-none ring-0 data-focus:ring-0 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none`}
        />
        {botones && (
          <button type="button" tabIndex={-1} aria-hidden className={`${boton} border-l border-stone-200`} onClick={() => paso(1)}>
            <PlusIcon className="size-5" />
          </button>
        )}
      </div>
      {mensaje && (
        <Description className="text-sm font-medium text-red-700" data-mensaje={nombre}>
          {mensaje}
        </Description>
      )}
    </Field>
  );
}
