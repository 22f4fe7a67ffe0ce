import { ArrowPathIcon, ChartBarIcon, NoSymbolIcon, PencilSquareIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Link } from 'react-router';
import { Confirmacion } from '@/components/ui/Confirmacion';
import { TABLA } from '@/components/ui/formulario';
import { Insignia } from '@/components/ui/Insignia';
import { BotonIcono, FilaMensaje, FilasCargando, ICONO_ACCION, PantallaAdmin, TablaAdmin, ThAcciones, usePuede } from '@/components/ui/PantallaAdmin';
import { useTitulo } from '@/lib/use-titulo';
import { useEscribirAfiliado } from '../api/escribir-afiliado';
import { useAfiliados } from '../api/get-afiliados';
import { AfiliadoDialogo } from './AfiliadoDialogo';
import type { Esquema } from '@/lib/api-client';

type Abierto = { tipo: 'nuevo' } | { tipo: 'editar' | 'desactivar' | 'reactivar'; afiliado: Esquema<'Afiliado'> } | null;

/** /afiliados: the partners whose code a reservation may carry; each opens its reservations. */
export function AfiliadosPantalla() {
  useTitulo('Afiliados');
  const lista = useAfiliados();
  const escribir = useEscribirAfiliado();
  const [abierto, setAbierto] = useState<Abierto>(null);
  const puede = usePuede('afiliados');

  return (
    <PantallaAdmin titulo="Afiliados" nuevo={puede.crear && { texto: 'Nuevo afiliado', alPulsar: () => setAbierto({ tipo: 'nuevo' }) }}>
      <TablaAdmin
        etiqueta="Afiliados"
        encabezados={
          <>
            <th scope="col" className={TABLA.th}>Código</th>
            <th scope="col" className={TABLA.th}>Nombre</th>
            <th scope="col" className={`${TABLA.th} hidden md:table-cell`}>Tipo</th>
            <th scope="col" className={`${TABLA.th} hidden lg:table-cell`}>Contacto</th>
            <th scope="col" className={TABLA.th}>Estado</th>
            <ThAcciones />
          </>
        }
      >
        {lista.isPending && <FilasCargando filas={4} columnas={6} />}
        {lista.data?.length === 0 && <FilaMensaje columnas={6}>Aún no hay afiliados.</FilaMensaje>}
        {lista.data?.map((a) => (
          <tr key={a._id} className={TABLA.fila} data-afiliado={a.code}>
            <td className={`${TABLA.td} font-mono text-xs font-semibold whitespace-nowrap text-stone-800`}>{a.code}</td>
            <td className={TABLA.td}>
              <Link to={`/afiliados/${encodeURIComponent(a._id)}`} className="font-medium text-stone-900 hover:text-primary-800 hover:underline">
                {a.name}
              </Link>
              <div className="truncate text-xs text-stone-500 md:hidden">{a.tipo}</div>
            </td>
            <td className={`${TABLA.td} hidden md:table-cell`}>{a.tipo || '—'}</td>
            <td className={`${TABLA.td} hidden max-w-64 truncate lg:table-cell`}>{a.contacto || '—'}</td>
            <td className={TABLA.td}>{a.activo ? <Insignia tono="exito">Activo</Insignia> : <Insignia>Inactivo</Insignia>}</td>
            <td className={`${TABLA.td} text-right whitespace-nowrap`}>
              <div className="inline-flex gap-0.5">
                <Link to={`/afiliados/${encodeURIComponent(a._id)}`} className={ICONO_ACCION} title="Reservaciones y asistencia" aria-label={`Reservaciones de ${a.name}`}>
                  <ChartBarIcon aria-hidden className="size-5" />
                </Link>
                {puede.editar && (
                  <BotonIcono icono={PencilSquareIcon} titulo="Editar" etiqueta={`Editar ${a.name}`} alPulsar={() => setAbierto({ tipo: 'editar', afiliado: a })} />
                )}
                {puede.borrar && a.activo && (
                  <BotonIcono icono={NoSymbolIcon} titulo="Desactivar" etiqueta={`Desactivar ${a.name}`} peligro alPulsar={() => setAbierto({ tipo: 'desactivar', afiliado: a })} />
                )}
                {puede.editar && !a.activo && (
                  <BotonIcono icono={ArrowPathIcon} titulo="Reactivar" etiqueta={`Reactivar ${a.name}`} alPulsar={() => setAbierto({ tipo: 'reactivar', afiliado: a })} />
                )}
              </div>
            </td>
          </tr>
        ))}
      </TablaAdmin>

      {abierto?.tipo === 'nuevo' && <AfiliadoDialogo afiliado={null} alCerrar={() => setAbierto(null)} />}
      {abierto?.tipo === 'editar' && <AfiliadoDialogo key={abierto.afiliado._id} afiliado={abierto.afiliado} alCerrar={() => setAbierto(null)} />}
      {(abierto?.tipo === 'desactivar' || abierto?.tipo === 'reactivar') && (
        <Confirmacion
          abierto
          alCerrar={() => setAbierto(null)}
          titulo={abierto.tipo === 'desactivar' ? 'Desactivar afiliado' : 'Reactivar afiliado'}
          descripcion={
            abierto.tipo === 'desactivar'
              ? `El código ${abierto.afiliado.code} dejará de aceptarse en las reservaciones nuevas; las anteriores lo conservan.`
              : `El código ${abierto.afiliado.code} volverá a aceptarse en las reservaciones nuevas.`
          }
          confirmar={abierto.tipo === 'desactivar' ? 'Desactivar' : 'Reactivar'}
          cargando={escribir.isPending}
          alConfirmar={() => {
            const { _id, ...datos } = abierto.afiliado;
            const escritura = abierto.tipo === 'desactivar' ? ({ tipo: 'desactivar', id: _id } as const) : ({ tipo: 'editar', id: _id, datos: { ...datos, activo: true } } as const);
            escribir.mutate(escritura, { onSettled: () => setAbierto(null) });
          }}
        />
      )}
    </PantallaAdmin>
  );
}
