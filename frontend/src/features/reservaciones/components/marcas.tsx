import { BriefcaseIcon, CakeIcon, ChatBubbleBottomCenterTextIcon, HeartIcon, SparklesIcon } from '@heroicons/react/24/outline';
import { CheckBadgeIcon } from '@heroicons/react/20/solid';
import type { ComponentType, SVGProps } from 'react';
import type { Esquema } from '@/lib/api-client';

type Icono = ComponentType<SVGProps<SVGSVGElement>>;

/** The mark of each event a guest celebrates; Ninguno has none. */
const EVENTOS: Record<Exclude<Esquema<'Reservacion'>['evento'], 'Ninguno'>, Icono> = {
  Cumpleaños: CakeIcon,
  Aniversario: HeartIcon,
  'Ocasión Especial': SparklesIcon,
  'Comida de negocios': BriefcaseIcon,
};

export function IconoEvento({ evento, className = 'size-4' }: { evento: Esquema<'Reservacion'>['evento']; className?: string }) {
  if (evento === 'Ninguno') return null;
  const Componente = EVENTOS[evento];
  return (
    <span title={evento} className="inline-flex shrink-0 text-amber-700" data-marca="evento">
      <Componente aria-hidden className={className} />
      <span className="sr-only">Evento: {evento}</span>
    </span>
  );
}

export function IconoComentario({ comentarios, className = 'size-4' }: { comentarios: string; className?: string }) {
  if (!comentarios.trim()) return null;
  return (
    <span title={comentarios} className="inline-flex shrink-0 text-stone-500" data-marca="comentario">
      <ChatBubbleBottomCenterTextIcon aria-hidden className={className} />
      <span className="sr-only">Con comentarios</span>
    </span>
  );
}

/** The tick of a guest whose e-mail or phone was verified. */
export function esVerificada(r: Pick<Esquema<'Reservacion'>, 'verified'>): boolean {
  return r.verified.email_verified || r.verified.phone_verified;
}

export function MarcaVerificada({ className = 'size-4' }: { className?: string }) {
  return (
    <span title="Contacto verificado" className="inline-flex shrink-0 text-sky-600" data-marca="verificada">
      <CheckBadgeIcon aria-hidden className={className} />
      <span className="sr-only">Contacto verificado</span>
    </span>
  );
}
