import { ArrowLeftIcon, PencilSquareIcon, PlusIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import { useMarca } from '../api/get-marca';
import { MarcaDialogo } from './MarcaDialogo';
import { SucursalEditor } from './SucursalEditor';
import { SucursalNuevaDialogo } from './SucursalNuevaDialogo';

/** /marcas/{id}: the brand's name and its branches, one open in the editor (`?sucursal=`). */
export function MarcaPantalla() {
  const { id = '' } = useParams();
  const { usuario } = useSesion();
  const marca = useMarca(id);
  const [params, setParams] = useSearchParams();
  const [dialogo, setDialogo] = useState<'nombre' | 'sucursal' | null>(null);
  useTitulo(marca.data?.name ?? 'Marca');
  const sucursales = marca.data?.sucursales ?? [];
  const elegida = sucursales.find((s) => s._id === params.get('sucursal')) ?? sucursales[0] ?? null;
  const elegir = (sid: string) => setParams({ sucursal: sid }, { replace: true });

  return (
    <section aria-labelledby="titulo-pantalla" className="space-y-4">
      <Link to="/marcas" className="inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-primary-700">
        <ArrowLeftIcon aria-hidden className="size-4" />
        Marcas
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {marca.isPending ? (
          <Esqueleto className="h-8 w-64" />
        ) : (
          <h1 id="titulo-pantalla" className="text-2xl font-bold tracking-tight text-stone-900">
            {marca.data?.name}
          </h1>
        )}
        <div className="flex flex-wrap gap-2">
          {marca.data && tienePermiso(usuario, 'marcas.edit') && (
            <Button variante="secundario" onClick={() => setDialogo('nombre')}>
              <PencilSquareIcon aria-hidden className="size-5" />
              Editar marca
            </Button>
          )}
          {marca.data && tienePermiso(usuario, 'sucursal.create') && (
            <Button onClick={() => setDialogo('sucursal')}>
              <PlusIcon aria-hidden className="size-5" />
              Nueva sucursal
            </Button>
          )}
        </div>
      </div>
      {marca.data && (
        <nav aria-label="Sucursales de la marca" className="flex flex-wrap gap-2">
          {sucursales.map((s) => {
            const activa = s._id === elegida?._id;
            return (
              <button
                key={s._id}
                type="button"
                aria-current={activa || undefined}
                onClick={() => elegir(s._id)}
                className={`rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ring-inset focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 ${activa ? 'bg-primary-700 text-white ring-primary-700' : 'bg-white text-stone-700 ring-stone-300 hover:bg-stone-50'}`}
              >
                {s.name} <span className={activa ? 'text-primary-100' : 'text-stone-400'}>· {s.tag}</span>
              </button>
            );
          })}
          {sucursales.length === 0 && <p className="text-sm text-stone-500">Esta marca aún no tiene sucursales.</p>}
        </nav>
      )}
      {elegida && <SucursalEditor key={elegida._id} id={elegida._id} editable={tienePermiso(usuario, 'sucursal.edit')} impresoras={tienePermiso(usuario, 'impresoras.edit')} />}
      {dialogo === 'nombre' && marca.data && <MarcaDialogo marca={marca.data} alCerrar={() => setDialogo(null)} />}
      {dialogo === 'sucursal' && (
        <SucursalNuevaDialogo
          marca={id}
          alCerrar={() => setDialogo(null)}
          alCrear={(s) => {
            setDialogo(null);
            elegir(s._id);
          }}
        />
      )}
    </section>
  );
}
