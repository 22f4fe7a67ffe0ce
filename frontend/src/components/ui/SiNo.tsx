import { Field, Label, Radio, RadioGroup } from '@headlessui/react';
import { useEffect, useEffectEvent, useRef } from 'react';

/** A yes/no question answered with two large buttons (a tablet's thumb, a keyboard's arrows). */
export function SiNo({
  pregunta,
  valor,
  alCambiar,
  autoFocus,
}: {
  pregunta: string;
  valor: boolean;
  alCambiar: (valor: boolean) => void;
  autoFocus?: boolean;
}) {
  const grupo = useRef<HTMLDivElement>(null);
  // Focus the chosen answer on mount (a radio's own autoFocus only works inside a dialog).
  const enfocar = useEffectEvent(() => {
    if (autoFocus) grupo.current?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]')?.focus();
  });
  // Only on mount: a later answer keeps the focus where the user put it.
  useEffect(() => enfocar(), []);
  return (
    <Field className="space-y-2">
      <Label className="block text-sm font-medium text-stone-700">{pregunta}</Label>
      <RadioGroup ref={grupo} value={valor ? 'si' : 'no'} onChange={(v) => alCambiar(v === 'si')} className="inline-flex rounded-lg bg-stone-100 p-1" aria-label={pregunta}>
        {(['no', 'si'] as const).map((v) => (
          <Radio
            key={v}
            value={v}
            className="min-h-10 min-w-20 cursor-pointer rounded-md px-5 py-2 text-center text-sm font-semibold text-stone-600 transition-colors focus:outline-none data-checked:bg-white data-checked:text-primary-800 data-checked:shadow-sm data-focus:ring-2 data-focus:ring-primary-600"
          >
            {v === 'si' ? 'Sí' : 'No'}
          </Radio>
        ))}
      </RadioGroup>
    </Field>
  );
}
