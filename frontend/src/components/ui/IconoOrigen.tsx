import { BuildingOffice2Icon, ChatBubbleLeftRightIcon, ComputerDesktopIcon, GlobeAltIcon, QuestionMarkCircleIcon } from '@heroicons/react/24/outline';
import type { ComponentType, SVGProps } from 'react';
import type { Origen } from '../../wasm/tipos/Origen';

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

/** Each of the seven origins (spec §3) with the name staff read and its mark. */
export const ORIGENES: Record<Origen, { nombre: string; icono: Icono; color: string }> = {
  Widget: { nombre: 'Widget', icono: GlobeAltIcon, color: 'text-sky-700' },
  Plataforma: { nombre: 'Plataforma', icono: ComputerDesktopIcon, color: 'text-stone-700' },
  Whatsapp: { nombre: 'WhatsApp', icono: Whatsapp, color: 'text-emerald-700' },
  Chatbot: { nombre: 'Chatbot', icono: Chatbot, color: 'text-violet-700' },
  Airbnb: { nombre: 'Airbnb', icono: Airbnb, color: 'text-rose-600' },
  Concierge: { nombre: 'Concierge', icono: BuildingOffice2Icon, color: 'text-amber-700' },
  google: { nombre: 'Google', icono: Google, color: 'text-blue-700' },
};

export function datosOrigen(origen: string): { nombre: string; icono: Icono; color: string } {
  return ORIGENES[origen as Origen] ?? { nombre: origen, icono: QuestionMarkCircleIcon, color: 'text-stone-500' };
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
