import { Field, Input, Label, Select, Textarea, type InputProps, type SelectProps, type TextareaProps } from '@headlessui/react';
import { ChevronDownIcon } from '@heroicons/react/20/solid';
import type { ReactNode, Ref } from 'react';

/** The look of every text box of the console, so the login and every form read alike. */
export const ESTILO_CAMPO =
  'block w-full rounded-lg border-0 bg-white px-3.5 py-2.5 text-base text-stone-900 shadow-sm ring-1 ring-inset ring-stone-300 placeholder:text-stone-400 focus:outline-none data-focus:ring-2 data-focus:ring-inset data-focus:ring-primary-600 data-disabled:bg-stone-50 data-disabled:text-stone-500';

const ESTILO_ETIQUETA = 'block text-sm font-medium text-stone-700';

function Envoltura({ etiqueta, children, className = '' }: { etiqueta: string; children: ReactNode; className?: string }) {
  return (
    <Field className={`space-y-1.5 ${className}`}>
      <Label className={ESTILO_ETIQUETA}>{etiqueta}</Label>
      {children}
    </Field>
  );
}

export function CampoTexto({
  etiqueta,
  className,
  ref,
  ...props
}: Omit<InputProps, 'className'> & { etiqueta: string; className?: string; ref?: Ref<HTMLInputElement> }) {
  return (
    <Envoltura etiqueta={etiqueta} className={className}>
      <Input {...props} ref={ref} className={ESTILO_CAMPO} />
    </Envoltura>
  );
}

export function CampoArea({
  etiqueta,
  className,
  ...props
}: Omit<TextareaProps, 'className'> & { etiqueta: string; className?: string }) {
  return (
    <Envoltura etiqueta={etiqueta} className={className}>
      <Textarea {...props} className={`${ESTILO_CAMPO} resize-y`} />
    </Envoltura>
  );
}

/** A native select (the phone's own picker on a tablet), styled like the text boxes. */
export function CampoSelect({
  etiqueta,
  className,
  children,
  ...props
}: Omit<SelectProps, 'className' | 'children'> & { etiqueta: string; className?: string; children: ReactNode }) {
  return (
    <Envoltura etiqueta={etiqueta} className={className}>
      <div className="relative">
        <Select {...props} className={`${ESTILO_CAMPO} appearance-none pr-10`}>
          {children}
        </Select>
        <ChevronDownIcon aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-stone-400" />
      </div>
    </Envoltura>
  );
}
