import { Link, useParams, useSearchParams } from 'react-router';
import { CampoFecha } from '@/components/ui/CampoFecha';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { Seccion, TABLA } from '@/components/ui/formulario';
import { Insignia } from '@/components/ui/Insignia';
import { AvisoPantalla, VolverA } from '@/components/ui/PantallaAdmin';
import { ApiError, type Esquema } from '@/lib/api-client';
import { fechaVisita, textoPersonas } from '@/lib/formato';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import { EstadoReservacion } from '@/modulos/reservaciones/components/EstadoReservacion';
import { TIPOS_NO_SHOW, textoNoShows } from '@/modulos/reservaciones/no-shows';
import { useAfiliado } from '../api/get-afiliado';
import { periodoDe, textoTasa } from '../periodo';

function Cifra({ etiqueta, valor, campo, detalle }: { etiqueta: string; valor: string | number; campo: string; detalle?: string }) {
  return (
    <div className="rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-stone-200">
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{etiqueta}</dt>
      <dd className="mt-1 flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-2xl font-bold text-stone-900 tabular-nums" data-cifra={campo}>
          {valor}
        </span>
        {detalle && (
          <span className="text-sm text-stone-500 tabular-nums" data-detalle={campo}>
            {detalle}
          </span>
        )}
      </dd>
    </div>
  );
}

/** /afiliados/{id}: one partner's reservations at the current branch over a period, and its attendance. */
export function AfiliadoPantalla() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const periodo = periodoDe(params);
  const detalle = useAfiliado(id, periodo);
  useTitulo(detalle.data?.name ?? 'Afiliado');
  const noExiste = detalle.error instanceof ApiError && detalle.error.status === 404;
  const cambiar = (campo: 'desde' | 'hasta', valor: string) => {
    if (!valor) return;
    setParams({ ...periodo, [campo]: valor }, { replace: true });
  };
  const a = detalle.data;
  // Mercadotecnia sees affiliates but not Reservaciones: no link to a page it may not open.
  const verReservaciones = tienePermiso(useSesion().usuario, 'reservacion.index');

  return (
    <section aria-labelledby="titulo-pantalla" className="space-y-4">
      <VolverA a="/afiliados">Afiliados</VolverA>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          {a ? (
            <>
              <h1 id="titulo-pantalla" className="truncate text-2xl font-bold tracking-tight text-stone-900">
                {a.name}
              </h1>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
                <span className="font-mono font-semibold text-stone-800">{a.code}</span>
                {a.tipo && <span>· {a.tipo}</span>}
                {a.contacto && <span>· {a.contacto}</span>}
                {!a.activo && <Insignia>Inactivo</Insignia>}
              </p>
            </>
          ) : (
            <h1 id="titulo-pantalla" className="text-2xl font-bold tracking-tight text-stone-900">
              {detalle.isPending ? <Esqueleto className="h-8 w-56" /> : 'Afiliado'}
            </h1>
          )}
        </div>
        <fieldset className="flex flex-wrap items-end gap-2" aria-label="Periodo">
          <CampoFecha etiqueta="Desde" name="desde" value={periodo.desde} max={periodo.hasta} required onChange={(v) => cambiar('desde', v)} className="w-48" />
          <CampoFecha etiqueta="Hasta" name="hasta" value={periodo.hasta} min={periodo.desde} required onChange={(v) => cambiar('hasta', v)} className="w-48" />
        </fieldset>
      </div>

      {detalle.isError && (
        <AvisoPantalla>{noExiste ? 'Este afiliado no existe.' : detalle.error.message}</AvisoPantalla>
      )}
      {!detalle.isError && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
          <Cifra etiqueta="Reservaciones" campo="total" valor={a ? a.total : '…'} />
          <Cifra etiqueta="Asistidas" campo="asistidas" valor={a ? a.asistidas : '…'} />
          <Cifra etiqueta="No asistió" campo="vencidas" valor={a ? a.vencidas : '…'} />
          <Cifra etiqueta="Asistencia" campo="tasa" valor={a ? textoTasa(a.tasa_asistencia, a.asistidas + a.vencidas) : '…'} />
          {/* What the reminders buy: the no-shows of the guests who confirmed against the rest. */}
          {TIPOS_NO_SHOW.map(({ clave, nombre }) => {
            const t = a ? textoNoShows(a.no_shows[clave]) : null;
            return <Cifra key={clave} etiqueta={`No-show ${nombre.toLowerCase()}`} campo={`no_show_${clave}`} valor={t ? t.tasa : '…'} detalle={t ? `(${t.cuenta})` : undefined} />;
          })}
        </dl>
      )}
      {!detalle.isError && (
        <Seccion titulo="Reservaciones del periodo" descripcion="En la sucursal actual, con el código del afiliado.">
          {detalle.isPending ? (
            <Esqueleto className="h-24 w-full" />
          ) : a && a.reservaciones.length === 0 ? (
            <p className="py-6 text-center text-sm text-stone-500">Ninguna reservación con su código en este periodo.</p>
          ) : (
            <div className="-mx-4 overflow-x-auto sm:-mx-5">
              <table className={TABLA.tabla} aria-label="Reservaciones del afiliado">
                <thead>
                  <tr>
                    <th scope="col" className={TABLA.th}>Fecha</th>
                    <th scope="col" className={TABLA.th}>Cliente</th>
                    <th scope="col" className={`${TABLA.th} text-right`}>Personas</th>
                    <th scope="col" className={TABLA.th}>Estado</th>
                    <th scope="col" className={`${TABLA.th} hidden md:table-cell`}>Sucursal</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {a?.reservaciones.map((r) => (
                    <tr key={r._id} className={`${TABLA.fila} relative`} data-reservacion={r._id}>
                      <td className={`${TABLA.td} whitespace-nowrap tabular-nums`}>
                        {verReservaciones ? (
                          <Link to={`/reservaciones/todas/${encodeURIComponent(r._id)}`} className="font-medium text-stone-900 after:absolute after:inset-0 hover:text-primary-800 focus:outline-none focus-visible:underline">
                            {fechaVisita(r.fecha_hora)}
                          </Link>
                        ) : (
                          <span className="font-medium text-stone-900">{fechaVisita(r.fecha_hora)}</span>
                        )}
                      </td>
                      <td className={TABLA.td}>{r.name}</td>
                      <td className={`${TABLA.td} text-right tabular-nums`}>{textoPersonas(r.no_personas)}</td>
                      <td className={TABLA.td}>
                        <EstadoReservacion status={r.status as Esquema<'Reservacion'>['status']} />
                      </td>
                      <td className={`${TABLA.td} hidden md:table-cell`}>{r.sucursal}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Seccion>
      )}
    </section>
  );
}
