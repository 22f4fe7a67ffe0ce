import { BuildingStorefrontIcon, ChevronRightIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Link } from 'react-router';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { Insignia } from '@/components/ui/Insignia';
import { PantallaAdmin } from '@/components/ui/PantallaAdmin';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import { useMarcas } from '../api/get-marcas';
import { MarcaDialogo } from './MarcaDialogo';

/** /marcas: each brand as a card listing its branches; the card opens /marcas/{id}. */
export function MarcasPantalla() {
  useTitulo('Marcas');
  const { usuario } = useSesion();
  const marcas = useMarcas();
  const [nueva, setNueva] = useState(false);

  return (
    <PantallaAdmin titulo="Marcas" nuevo={tienePermiso(usuario, 'marcas.create') && { texto: 'Nueva marca', alPulsar: () => setNueva(true) }}>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {marcas.isPending &&
          Array.from({ length: 3 }, (_, i) => (
            <li key={i}>
              <Esqueleto className="h-36 w-full rounded-xl" />
            </li>
          ))}
        {marcas.data?.map((m) => (
          <li key={m._id}>
            <Link
              to={`/marcas/${m._id}`}
              className="group block h-full rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:ring-primary-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
            >
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-base font-semibold text-stone-900">{m.name}</h2>
                <ChevronRightIcon aria-hidden className="size-5 text-stone-400 group-hover:text-primary-700" />
              </div>
              <p className="text-sm text-stone-500">
                {m.sucursales.length === 1 ? '1 sucursal' : `${m.sucursales.length} sucursales`}
              </p>
              <ul className="mt-3 space-y-1.5">
                {m.sucursales.map((s) => (
                  <li key={s._id} className="flex items-center gap-2 text-sm text-stone-700">
                    <BuildingStorefrontIcon aria-hidden className="size-4 shrink-0 text-stone-400" />
                    <span className="min-w-0 flex-1 truncate">{s.name}</span>
                    <Insignia>{s.tag}</Insignia>
                  </li>
                ))}
              </ul>
            </Link>
          </li>
        ))}
      </ul>
      {marcas.data?.length === 0 && <p className="py-10 text-center text-stone-500">Aún no hay marcas.</p>}
      {nueva && <MarcaDialogo marca={null} alCerrar={() => setNueva(false)} />}
    </PantallaAdmin>
  );
}
