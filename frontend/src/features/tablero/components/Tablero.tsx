import type { ReactNode } from 'react';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { decimal, fechaCorta, fechaLarga, horaCorta, sumarDias } from '@/lib/formato';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import { DIAS_SERIE, useDashboard, useSerie } from '../api/get-dashboard';
import { useTiemposMesa } from '../api/get-tiempos-mesa';
import { useConfirmaciones } from '../api/get-confirmaciones';
import { useCifrasEspera } from '../api/get-espera';
import { usePuntajeCocina } from '../api/get-cocina';
import { gruposPorHora, horasCompletas, origenesTotales, porcentaje } from '../escala';
import { datosOrigen } from '@/components/ui/IconoOrigen';
import { useSucursalesUsuario } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { filasNoShows, sinTerminadas, textoNoShows } from '@/modulos/reservaciones/no-shows';
import { Apiladas, Barras, color, Leyenda, Lineas } from './Graficas';
import type { Esquema } from '@/lib/api-client';

/** Minutes as the dashboard writes them; a dash when there is no figure. */
const minutos = (m: number | null | undefined) => (m == null ? '—' : `${m} min`);

function Tarjeta({ nombre, valor, detalle, tono = 'text-stone-900' }: { nombre: string; valor: ReactNode; detalle?: string; tono?: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-tarjeta={nombre}>
      <p className="text-sm font-medium text-stone-500">{nombre}</p>
      <p className={`mt-1 text-3xl font-semibold tabular-nums ${tono}`} data-valor="">
        {valor}
      </p>
      {detalle && <p className="mt-0.5 text-xs text-stone-500">{detalle}</p>}
    </div>
  );
}

function Panel({ titulo, children, className = '' }: { titulo: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={titulo} className={`min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 ${className}`}>
      <h2 className="mb-3 text-sm font-semibold text-stone-900">{titulo}</h2>
      {children}
    </section>
  );
}

function Cargando({ alto = 'h-40' }: { alto?: string }) {
  return <Esqueleto className={`${alto} w-full`} />;
}

function Vacio({ texto }: { texto: string }) {
  return <p className="grid h-32 place-items-center text-sm text-stone-500">{texto}</p>;
}

/** Horizontal bars of reservations by origin. */
function Origenes({ origenes }: { origenes: Esquema<'ResumenDia'>['origenes'] }) {
  if (origenes.length === 0) return <Vacio texto="Sin reservaciones hoy." />;
  const max = Math.max(...origenes.map((o) => o.total));
  return (
    <ul className="space-y-2" data-grafica="origenes">
      {origenes.map((o) => (
        <li key={o.clave} className="grid grid-cols-[7rem_1fr_2rem] items-center gap-2 text-sm" data-origen={o.clave}>
          <span className="truncate text-stone-700" title={datosOrigen(o.clave).nombre}>{datosOrigen(o.clave).nombre}</span>
          <span className="h-3 rounded-full bg-stone-100">
            <span className="block h-3 rounded-full" data-tinta={datosOrigen(o.clave).tinta} style={{ width: `${(o.total / max) * 100}%`, backgroundColor: datosOrigen(o.clave).tinta }} />
          </span>
          <span className="text-right font-medium text-stone-900 tabular-nums">{o.total}</span>
        </li>
      ))}
    </ul>
  );
}

function Hoy() {
  const hoy = useDashboard();
  const d = hoy.data;
  const r = d?.reservaciones;
  const tarjetas: { nombre: string; valor?: ReactNode; detalle?: string; tono?: string }[] = [
    { nombre: 'Pendientes', valor: r?.pendiente, detalle: 'Reservaciones por llegar' },
    { nombre: 'Asistieron', valor: r?.asistio, tono: 'text-emerald-700' },
    { nombre: 'No asistieron', valor: r?.vencido, tono: 'text-amber-700' },
    { nombre: 'Canceladas', valor: r?.cancelada, tono: 'text-stone-500' },
    { nombre: 'Personas esperadas', valor: d?.personas_esperadas, detalle: 'Reservaciones no canceladas' },
    { nombre: 'Personas sentadas', valor: d?.personas_sentadas, detalle: 'Reservaciones y walk-ins' },
    { nombre: 'Walk-ins', valor: d?.walkins, detalle: d ? `${d.personas_walkin} ${d.personas_walkin === 1 ? 'persona' : 'personas'}` : undefined },
    { nombre: 'Tasa de no-show', valor: d ? porcentaje(d.tasa_no_show) : undefined, detalle: 'De las reservaciones concluidas' },
  ];
  return (
    <>
      <p className="-mt-2 text-sm text-stone-500">{d ? fechaLarga(d.fecha) : <Esqueleto className="h-4 w-48" />}</p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tarjetas.map((t) =>
          d ? <Tarjeta key={t.nombre} nombre={t.nombre} valor={t.valor} detalle={t.detalle} tono={t.tono} /> : <Esqueleto key={t.nombre} className="h-24 w-full rounded-xl" />,
        )}
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        <Panel titulo="Llegadas por hora">
          {!d ? <Cargando /> : d.llegadas_por_hora.length === 0 ? <Vacio texto="Sin llegadas registradas hoy." /> : <Barras titulo="Llegadas por hora" datos={horasCompletas(d.llegadas_por_hora)} />}
        </Panel>
        <Panel titulo="Origen de las reservaciones">{!d ? <Cargando /> : <Origenes origenes={d.origenes} />}</Panel>
      </div>
    </>
  );
}

/** Over the series' days: how often the guests who confirmed did not come, against the rest. */
function NoShowsConfirmacion() {
  const consulta = useConfirmaciones();
  const p = consulta.data;
  const tinta = { confirmadas: 'bg-emerald-600', sin_confirmar: 'bg-amber-500' } as const;
  return (
    <Panel titulo="No-show: confirmadas vs. sin confirmar">
      {consulta.isError ? (
        <Vacio texto="No se pudieron cargar las confirmaciones." />
      ) : !p ? (
        <Cargando alto="h-24" />
      ) : sinTerminadas(p) ? (
        <Vacio texto="Aún no hay reservaciones terminadas en este periodo." />
      ) : (
        <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.25fr]" data-panel="confirmaciones">
          {filasNoShows(p).map((f) => {
            const t = textoNoShows(f.datos);
            return (
              <dl key={f.clave} data-tipo={f.clave}>
                <dt className="text-sm font-medium text-stone-600">{f.nombre}</dt>
                <dd className="mt-1 flex items-baseline gap-2">
                  <span className="text-3xl font-semibold text-stone-900 tabular-nums" data-valor="">{t.tasa}</span>
                  <span className="text-sm text-stone-500 tabular-nums" data-cuenta="">({t.cuenta})</span>
                </dd>
                <dd aria-hidden className="mt-2 h-2 rounded-full bg-stone-100">
                  <span className={`block h-2 rounded-full ${tinta[f.clave]}`} style={{ width: `${Math.min(1, f.datos.tasa ?? 0) * 100}%` }} />
                </dd>
              </dl>
            );
          })}
          <p className="text-xs text-stone-500 sm:col-span-2 lg:col-span-1 lg:self-center">
            No asistieron, de las reservaciones terminadas (asistió o no asistió) de los últimos {DIAS_SERIE} días. Confirmadas: el cliente
            confirmó desde el recordatorio o su página.
          </p>
        </div>
      )}
    </Panel>
  );
}

/** Over the series' days: what the waitlist did, and how well its quotes held. */
function ListaDeEspera() {
  const consulta = useCifrasEspera();
  const c = consulta.data;
  const cifras: { nombre: string; valor: ReactNode; detalle?: string }[] = c
    ? [
        {
          nombre: 'Grupos anotados',
          valor: c.grupos,
          detalle: [`${c.en_linea} en línea · ${c.grupos - c.en_linea} en la entrada`, c.esperando > 0 ? `${c.esperando} esperando ahora` : null].filter(Boolean).join(' · '),
        },
        { nombre: 'Sentados', valor: c.sentados },
        { nombre: 'Se fueron antes de sentarse', valor: c.se_fueron },
        {
          nombre: 'Espera mediana',
          valor: minutos(c.espera_mediana_min),
          detalle: c.espera_p90_min == null ? 'Nadie se sentó aún desde la lista' : `9 de cada 10: ${minutos(c.espera_p90_min)} o menos`,
        },
        {
          nombre: 'Cotización superada',
          valor: c.cotizados === 0 ? '—' : `${c.cotizacion_superada} de ${c.cotizados}`,
          detalle: c.exceso_mediano_min == null ? undefined : `Por ${c.exceso_mediano_min} min (mediana)`,
        },
        {
          nombre: 'Error de la cotización',
          valor: minutos(c.error_medio_min),
          detalle:
            c.error_medio_min == null
              ? 'Sin grupos sentados con las dos cotizaciones'
              : `Promedio, aprendida del día y la hora; con la estancia fija: ${minutos(c.error_medio_fijo_min)}`,
        },
      ]
    : [];
  return (
    <Panel titulo="Lista de espera">
      {consulta.isError ? (
        <Vacio texto="No se pudieron cargar las cifras de la lista de espera." />
      ) : !c ? (
        <Cargando alto="h-24" />
      ) : c.grupos === 0 ? (
        <Vacio texto={`Nadie se anotó en la lista de espera en los últimos ${DIAS_SERIE} días.`} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" data-panel="espera">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
            {cifras.map((x) => (
              <div key={x.nombre} data-cifra={x.nombre}>
                <dt className="text-sm font-medium text-stone-600">{x.nombre}</dt>
                <dd className="mt-0.5 text-2xl font-semibold text-stone-900 tabular-nums" data-valor="">
                  {x.valor}
                </dd>
                {x.detalle && <dd className="text-xs text-stone-500">{x.detalle}</dd>}
              </div>
            ))}
          </dl>
          <div className="min-w-0 max-w-xl">
            <p className="mb-1 text-xs font-medium text-stone-500">Grupos anotados por hora</p>
            <Barras titulo="Grupos anotados por hora" datos={gruposPorHora(c.por_hora)} />
          </div>
        </div>
      )}
    </Panel>
  );
}

/** Yesterday's business day: the kitchen's forecast by hour against who came, and its mean error. */
function PronosticoCocina() {
  const dia = useDashboard().data?.fecha;
  const ayer = dia ? sumarDias(dia, -1) : null;
  const consulta = usePuntajeCocina(ayer);
  const p = consulta.data;
  const series = p
    ? [
        { nombre: 'Pronóstico', valores: p.por_hora.map((h) => h.pronostico), color: color(0) },
        { nombre: 'Llegaron', valores: p.por_hora.map((h) => h.real), color: color(2) },
      ]
    : [];
  return (
    <Panel titulo={`Pronóstico de cocina contra lo que llegó${ayer ? ` · ${fechaLarga(ayer)}` : ''}`}>
      {consulta.isError ? (
        <Vacio texto="No se pudo cargar el pronóstico de cocina." />
      ) : !p ? (
        <Cargando alto="h-24" />
      ) : p.por_hora.length === 0 && p.error_medio == null ? (
        <Vacio texto="Aún no hay pronósticos guardados: cada cuarto de hora se guarda el que se hizo una hora antes." />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]" data-panel="cocina">
          <dl>
            <dt className="text-sm font-medium text-stone-600">Error medio</dt>
            <dd className="mt-0.5 text-2xl font-semibold text-stone-900 tabular-nums" data-valor="error-medio">
              {p.error_medio == null ? '—' : `${decimal(p.error_medio)} comensales`}
            </dd>
            <dd className="text-xs text-stone-500">
              Por cuarto de hora, en las últimas 4 semanas ({p.cuartos} {p.cuartos === 1 ? 'cuarto de hora' : 'cuartos de hora'}), con el
              pronóstico hecho una hora antes.
            </dd>
          </dl>
          <div className="min-w-0 max-w-xl">
            {p.por_hora.length === 0 ? (
              <Vacio texto="Ese día no hubo pronósticos ni llegadas." />
            ) : (
              <>
                <Lineas titulo="Pronóstico contra llegadas por hora" series={series} etiquetas={p.por_hora.map((h) => horaCorta(h.hora))} />
                <div className="mt-2">
                  <Leyenda elementos={series} />
                </div>
              </>
            )}
          </div>
        </div>
      )}
    </Panel>
  );
}

function Historico() {
  const serie = useSerie();
  const dias = serie.data ?? [];
  const etiquetas = dias.map((d) => fechaCorta(d.fecha));
  const origenes = origenesTotales(dias);
  const cargando = !serie.data;
  const personas: { nombre: string; valores: number[]; color: string }[] = [
    { nombre: 'Esperadas', valores: dias.map((d) => d.personas_esperadas), color: color(0) },
    { nombre: 'Sentadas', valores: dias.map((d) => d.personas_sentadas), color: color(2) },
  ];
  const visitas = [
    { nombre: 'Reservaciones', valores: dias.map((d) => d.reservaciones.pendiente + d.reservaciones.asistio + d.reservaciones.vencido), color: color(0) },
    { nombre: 'Walk-ins', valores: dias.map((d) => d.walkins), color: color(1) },
  ];
  return (
    <>
      <h2 className="pt-2 text-lg font-semibold text-stone-900">Últimos {DIAS_SERIE} días</h2>
      <NoShowsConfirmacion />
      <ListaDeEspera />
      <PronosticoCocina />
      <div className="grid gap-3 lg:grid-cols-2">
        <Panel titulo="Personas por día">
          {cargando ? <Cargando /> : <Lineas titulo="Personas por día" series={personas} etiquetas={etiquetas} />}
          <div className="mt-2"><Leyenda elementos={personas} /></div>
        </Panel>
        <Panel titulo="Reservaciones y walk-ins">
          {cargando ? <Cargando /> : <Lineas titulo="Reservaciones y walk-ins" series={visitas} etiquetas={etiquetas} />}
          <div className="mt-2"><Leyenda elementos={visitas} /></div>
        </Panel>
        <Panel titulo="Tasa de no-show">
          {cargando ? (
            <Cargando />
          ) : (
            <Lineas
              titulo="Tasa de no-show"
              series={[{ nombre: 'No-show', valores: dias.map((d) => d.tasa_no_show ?? null), color: color(1) }]}
              etiquetas={etiquetas}
              techoFijo={1}
              formato={(n) => porcentaje(n)}
            />
          )}
        </Panel>
        <Panel titulo="Mezcla de orígenes">
          {cargando ? (
            <Cargando />
          ) : (
            <Apiladas
              titulo="Mezcla de orígenes"
              dias={dias.map((d) => d.origenes)}
              claves={origenes.map((o) => o.clave)}
              etiquetas={etiquetas}
              colorDe={(clave) => datosOrigen(clave).tinta}
              nombreDe={(clave) => datosOrigen(clave).nombre}
            />
          )}
          <div className="mt-2"><Leyenda elementos={origenes.map((o) => ({ nombre: datosOrigen(o.clave).nombre, color: datosOrigen(o.clave).tinta }))} /></div>
        </Panel>
      </div>
    </>
  );
}

/** The floor's turn times: occupancy now, stays by party size, covers seated each hour. */
function TiemposDeMesa() {
  const tiempos = useTiemposMesa();
  const t = tiempos.data;
  return (
    <>
      <h2 className="pt-2 text-lg font-semibold text-stone-900">Tiempos de mesa</h2>
      <div className="grid gap-3 lg:grid-cols-3">
        <Panel titulo="Ocupación ahora">
          {!t ? (
            <Cargando alto="h-24" />
          ) : (
            <div className="grid grid-cols-2 gap-3" data-panel="ocupacion">
              <div>
                <p className="text-3xl font-semibold text-stone-900 tabular-nums">{t.ocupacion == null ? '—' : porcentaje(t.ocupacion)}</p>
                <p className="text-xs text-stone-500">
                  {t.ocupadas} de {t.mesas} mesas
                </p>
              </div>
              <div>
                <p className="text-3xl font-semibold text-stone-900 tabular-nums">{t.comensales}</p>
                <p className="text-xs text-stone-500">comensales sentados</p>
              </div>
            </div>
          )}
        </Panel>
        <Panel titulo="Estancia promedio por grupo">
          {!t ? (
            <Cargando alto="h-24" />
          ) : (
            <table className="w-full text-sm" data-panel="estancias">
              <thead>
                <tr className="text-left text-xs text-stone-500">
                  <th scope="col" className="pb-1 font-medium">Personas</th>
                  <th scope="col" className="pb-1 text-right font-medium">Hoy</th>
                  <th scope="col" className="pb-1 text-right font-medium">30 días</th>
                </tr>
              </thead>
              <tbody>
                {t.estancia_hoy.map((g, i) => (
                  <tr key={g.grupo} className="border-t border-stone-100">
                    <th scope="row" className="py-1 text-left font-medium text-stone-700">{g.grupo}</th>
                    <td className="py-1 text-right tabular-nums">{minutos(g.minutos)}</td>
                    <td className="py-1 text-right tabular-nums">{minutos(t.estancia_30_dias[i]?.minutos)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Panel>
        <Panel titulo="Cubiertos sentados por hora">
          {!t ? (
            <Cargando alto="h-24" />
          ) : t.cubiertos_por_hora.length === 0 ? (
            <Vacio texto="Nadie se ha sentado hoy." />
          ) : (
            <ul className="space-y-1.5" data-panel="cubiertos">
              {t.cubiertos_por_hora.map((h) => (
                <li key={h.hora} className="grid grid-cols-[5.25rem_1fr_2.5rem] items-center gap-2 text-sm">
                  <span className="whitespace-nowrap text-stone-600 tabular-nums">{horaCorta(`${String(h.hora).padStart(2, '0')}:00`)}</span>
                  <span className="h-3 rounded-full bg-stone-100">
                    <span className="block h-3 rounded-full bg-primary-600" style={{ width: `${(h.cubiertos / Math.max(...t.cubiertos_por_hora.map((x) => x.cubiertos))) * 100}%` }} />
                  </span>
                  <span className="text-right font-medium text-stone-900 tabular-nums">{h.cubiertos}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}

/** /: the current branch's day at a glance and its last 30 days. */
export function Tablero() {
  useTitulo('Dashboard');
  const { sucursal } = useSesion();
  // The branch by its name, as the selector shows it (its tag while the list loads).
  const nombre = useSucursalesUsuario(Boolean(sucursal)).data?.find((s) => s.tag === sucursal)?.name ?? sucursal;
  return (
    <section aria-labelledby="titulo-pantalla" className="space-y-4">
      <h1 id="titulo-pantalla" className="text-2xl font-bold tracking-tight text-stone-900">
        Dashboard{nombre ? <span className="ml-2 text-base font-medium text-stone-500" data-testid="tablero-sucursal">· {nombre}</span> : null}
      </h1>
      <Hoy />
      <TiemposDeMesa />
      <Historico />
    </section>
  );
}
