import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { useEffect, useRef, useState } from 'react';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { useGrupoEnEspera } from '@/modulos/espera/api/get-espera';
import { AsistenteWalkin, type GrupoASentar } from './AsistenteWalkin';

/**
 * The walk-in wizard as a screen opens it: with the table chosen on the floor (`mesa`) and, when
 * "Sentar" on the waitlist opened it (`espera`, the party's id), that party filled in once the
 * list is read. The party is taken as it was then: the list changing afterwards (the party
 * seated by this very save) does not touch the wizard.
 */
export function RegistroWalkin({ tag, mesa = '', espera = null }: { tag: string; mesa?: string; espera?: string | null }) {
  const { cargando, grupo } = useGrupoEnEspera(espera);
  if (cargando) return <Esqueleto className="h-96 w-full rounded-2xl" />;
  return <Registro key={`${tag}:${espera ?? ''}`} tag={tag} mesa={mesa} id={espera} grupo={grupo} />;
}

function Registro({ tag, mesa, id, grupo }: { tag: string; mesa: string; id: string | null; grupo: GrupoASentar | null }) {
  const [inicial] = useState(grupo);
  const caja = useRef<HTMLDivElement>(null);
  // "Sentar" may be tapped on a list below the wizard: the wizard comes into view with the party.
  useEffect(() => {
    if (id) caja.current?.scrollIntoView?.({ block: 'nearest' });
  }, [id]);
  return (
    <div ref={caja} className="scroll-mt-24 space-y-3">
      {id && !inicial && (
        <p className="flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200" role="status" data-testid="espera-perdida">
          <ExclamationTriangleIcon aria-hidden className="size-5 shrink-0 text-amber-600" />
          Ese grupo ya no espera mesa (se sentó o se fue). Registra el walk-in sin él.
        </p>
      )}
      <AsistenteWalkin tag={tag} mesa={mesa} espera={inicial} />
    </div>
  );
}
