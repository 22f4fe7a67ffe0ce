import { Button as HeadlessButton, type ButtonProps as HeadlessButtonProps } from '@headlessui/react';
import type { ReactNode, Ref } from 'react';
import { Spinner } from './Spinner';

type Variante = 'primario' | 'secundario' | 'fantasma' | 'peligro' | 'peligro-suave';

const variantes: Record<Variante, string> = {
  primario:
    'bg-primary-700 text-white shadow-sm data-hover:bg-primary-800 data-active:bg-primary-900 data-disabled:bg-primary-700/50',
  secundario:
    'bg-white text-stone-800 ring-1 ring-inset ring-stone-300 data-hover:bg-stone-50 data-disabled:text-stone-400',
  fantasma: 'text-stone-700 data-hover:bg-stone-100 data-disabled:text-stone-400',
  // A step that cannot be undone (cancel a reservation): red, the confirming one filled.
  peligro: 'bg-red-700 text-white shadow-sm data-hover:bg-red-800 data-active:bg-red-900 data-disabled:bg-red-700/50',
  'peligro-suave': 'bg-white text-red-700 ring-1 ring-inset ring-red-200 data-hover:bg-red-50 data-disabled:text-red-300',
};

export type ButtonProps = Omit<HeadlessButtonProps, 'className' | 'children'> & {
  variante?: Variante;
  cargando?: boolean;
  className?: string;
  children?: ReactNode;
  /** The button element (a prop in React 19), for a screen that moves the focus to it. */
  ref?: Ref<HTMLButtonElement>;
};

/** The console's button: Headless UI's, with focus, hover and a spinner while busy. */
export function Button({ variante = 'primario', cargando = false, disabled, className = '', children, ...props }: ButtonProps) {
  return (
    <HeadlessButton
      {...props}
      disabled={disabled || cargando}
      aria-busy={cargando || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors focus:outline-none data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-primary-600 data-disabled:cursor-not-allowed ${variantes[variante]} ${className}`}
    >
      {cargando && <Spinner />}
      {children}
    </HeadlessButton>
  );
}
