import { BuildingOffice2Icon, ChatBubbleLeftRightIcon, ComputerDesktopIcon, GlobeAltIcon, QuestionMarkCircleIcon } from '@heroicons/react/24/outline';
import type { ComponentType, SVGProps } from 'react';
import type { Origen } from '@/wasm/tipos/Origen';

type Icono = ComponentType<SVGProps<SVGSVGElement>>;

// Brand marks drawn in the outline style of the rest (24 px grid, 1.5 stroke), not the brands' logos.
const Whatsapp: Icono = (props) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" {...props}>
    <path d="M3.5 20.5 5 16.2A8.5 8.5 0 1 1 8 19.1Z" />
    <path d="M9.2 8.4c-.4.2-.8.9-.5 1.9.5 1.6 2.5 3.8 4.4 4.4 1 .3 1.7-.1 1.9-.5l.3-.9-1.7-.9-.8.8c-.9-.3-2-1.3-2.4-2.2l.8-.8-.8-1.7Z" />
  </svg>
);

const Google: Icono = (props) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" {...props}>
    <path d="M19.5 12.2A7.5 7.5 0 1 1 17.3 6.7" />
    <path d="M19.5 12.2H12.5" />
  </svg>
);

const Airbnb: Icono = (props) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" {...props}>
    <path d="M12 17.5c-2.3 2.7-4.8 3.4-6.3 2.3-1.4-1-1.5-2.9-.4-5.3l5.1-10a1.8 1.8 0 0 1 3.2 0l5.1 10c1.1 2.4 1 4.3-.4 5.3-1.5 1.1-4 .4-6.3-2.3Z" />
    <path d="M12 17.5c-1.6-2-2.6-3.7-2.6-5.1a2.6 2.6 0 0 1 5.2 0c0 1.4-1 3.1-2.6 5.1Z" />
  </svg>
);

const Chatbot: Icono = ChatBubbleLeftRightIcon;

type DatosOrigen = { nombre: string; icono: Icono; color: string; tinta: string };

/**
 * Each of the seven origins with the name staff read, its mark, and its one colour:
 * `color` for the mark, `tinta` (the same hue) for every chart, so Airbnb is the same rose in
 * each chart and list.
 */
export const ORIGENES: Record<Origen, DatosOrigen> = {
  Widget: { nombre: 'Widget', icono: GlobeAltIcon, color: 'text-sky-700', tinta: '#0369a1' },
  Plataforma: { nombre: 'Plataforma', icono: ComputerDesktopIcon, color: 'text-stone-700', tinta: '#57534e' },
  Whatsapp: { nombre: 'WhatsApp', icono: Whatsapp, color: 'text-emerald-700', tinta: '#059669' },
  Chatbot: { nombre: 'Chatbot', icono: Chatbot, color: 'text-violet-700', tinta: '#7c3aed' },
  Airbnb: { nombre: 'Airbnb', icono: Airbnb, color: 'text-rose-600', tinta: '#e11d48' },
  Concierge: { nombre: 'Concierge', icono: BuildingOffice2Icon, color: 'text-amber-700', tinta: '#d97706' },
  google: { nombre: 'Google', icono: Google, color: 'text-blue-700', tinta: '#2563eb' },
};

export function datosOrigen(origen: string): DatosOrigen {
  return ORIGENES[origen as Origen] ?? { nombre: origen, icono: QuestionMarkCircleIcon, color: 'text-stone-500', tinta: '#a8a29e' };
}

/** The origin's mark, named for screen readers and on hover. */
export function IconoOrigen({ origen, className = 'size-4' }: { origen: string; className?: string }) {
  const { nombre, icono: Componente, color } = datosOrigen(origen);
  return (
    <span title={`Origen: ${nombre}`} className={`inline-flex shrink-0 ${color}`} data-origen={origen}>
      <Componente aria-hidden className={className} />
      <span className="sr-only">Origen: {nombre}</span>
    </span>
  );
}
