import { Description, Field, Label, Switch } from '@headlessui/react';
import type { ReactNode } from 'react';

/** An on/off setting with its label and a line saying what it changes. */
export function Interruptor({
  etiqueta,
  descripcion,
  valor,
  alCambiar,
  deshabilitado = false,
}: {
  etiqueta: string;
  descripcion?: ReactNode;
  valor: boolean;
  alCambiar: (valor: boolean) => void;
  /** Shown but fixed: the rule decides it. */
  deshabilitado?: boolean;
}) {
  return (
    <Field disabled={deshabilitado} className="flex items-center justify-between gap-4">
      <span className="min-w-0">
        <Label className="block text-sm font-semibold text-stone-800">{etiqueta}</Label>
        {descripcion && <Description className="text-sm text-stone-500">{descripcion}</Description>}
      </span>
      <Switch
        checked={valor}
        onChange={alCambiar}
        className="group relative inline-flex h-7 w-12 shrink-0 cursor-pointer rounded-full bg-stone-300 p-0.5 transition-colors focus:outline-none data-checked:bg-primary-700 data-disabled:cursor-not-allowed data-disabled:opacity-60 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-primary-600"
      >
        <span aria-hidden className="size-6 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-5" />
      </Switch>
    </Field>
  );
}
