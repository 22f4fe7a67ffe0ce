// The floor: the branch's tables drawn where they stand, by area, coloured by state, each with its
// number, party, waiter and minutes seated; a summary bar (free, seated, overdue, guests, the wait
// for 2, 4 and 6); a free table held for an arrival shows its time, or «Retrasada N min» once the
// party is past it; tapping a table offers what fits its state. The /salon screen and the host
// stand's home both show it.
import { Link } from 'react-router';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { CampoSelect } from '@/components/ui/Campo';
import { Confirmacion } from '@/components/ui/Confirmacion';
import { Dialogo } from '@/components/ui/Dialogo';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { horaCorta, textoPersonas } from '@/lib/formato';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { AsistenciaDialogo } from '@/modulos/asistencia/components/AsistenciaDialogo';
import { MarcaRetraso } from '@/modulos/reservaciones/components/MarcaRetraso';
import { minutosRetrasoHora, textoRetraso } from '@/modulos/reservaciones/retraso';
import { useAhoraSucursal } from '@/modulos/reservaciones/use-ahora-sucursal';
import { useHorarioSucursal } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { useSalon } from '../api/get-salon';
import { useEscribirTurno } from '../api/escribir-turno';
import { posicionEnPlano } from '../plano';
import type { Esquema } from '@/lib/api-client';

const COLOR: Record<Esquema<'MesaEnPiso'>['estado'], string> = {
  libre: 'bg-emerald-50 text-emerald-900 ring-emerald-500/60 hover:bg-emerald-100',
  ocupada: 'bg-amber-50 text-amber-950 ring-amber-500/70 hover:bg-amber-100',
  excedida: 'bg-red-50 text-red-900 ring-red-600/80 hover:bg-red-100',
};

const ETIQUETA: Record<Esquema<'MesaEnPiso'>['estado'], string> = { libre: 'Libre', ocupada: 'Ocupada', excedida: 'Excedida' };

/**
 * A table's drawn size, in pixels, by its seats: a two-top is small, a ten-top long; the smallest
 * still holds its next arrival's time ("09:45 p.m.") on one line.
 */
function tamano(m: Esquema<'MesaEnPiso'>): { ancho: number; alto: number } {
  const base = m.asientos <= 2 ? 74 : m.asientos <= 4 ? 76 : 88;
  // A round table reads as big as a square one a little smaller than it.
  if (m.forma === 'redonda') return { ancho: base - 6, alto: base - 6 };
  return { ancho: m.asientos > 6 ? 100 : m.asientos > 4 ? 92 : base, alto: base };
}


function Resumen({ piso }: { piso: Esquema<'Piso'> }) {
  const r = piso.resumen;
  const dato = (valor: number, etiqueta: string, tono: string) => (
    <div className={`rounded-xl px-3 py-2 ring-1 ring-inset ${tono}`}>
      <div className="text-2xl font-semibold tabular-nums">{valor}</div>
      <div className="text-xs font-medium">{etiqueta}</div>
    </div>
  );
  const espera = (m: number | null | undefined) => (m == null ? '—' : m === 0 ? 'Ya' : `${m} min`);
  return (
    <div
      className="grid grid-cols-2 gap-2 @lg:grid-cols-[repeat(4,minmax(0,1fr))_minmax(0,1.7fr)]"
      aria-label="Resumen del salón"
      data-testid="resumen-salon"
    >
      {dato(r.libres, 'Libres', 'bg-emerald-50 text-emerald-900 ring-emerald-200')}
      {dato(r.ocupadas, 'Ocupadas', 'bg-amber-50 text-amber-950 ring-amber-200')}
      {dato(r.excedidas, 'Excedidas', 'bg-red-50 text-red-900 ring-red-200')}
      {dato(r.comensales, 'Comensales', 'bg-white text-stone-900 ring-stone-200')}
      <div className="col-span-2 rounded-xl bg-white px-3 py-2 text-stone-900 ring-1 ring-stone-200 ring-inset @lg:col-span-1" data-testid="esperas">
        <div className="text-xs font-medium text-stone-500">Espera estimada</div>
        <div className="grid grid-cols-3 gap-2">
          {r.esperas.map((e) => (
            <div key={e.personas} data-personas={e.personas} className="min-w-0">
              <span className="text-lg font-semibold whitespace-nowrap tabular-nums">{espera(e.minutos)}</span>
              <span className="block text-xs whitespace-nowrap text-stone-600">para {e.personas}</span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function MesaDibujada({ m, i, ahoraLocal, alElegir }: { m: Esquema<'MesaEnPiso'>; i: number; ahoraLocal: string; alElegir: (m: Esquema<'MesaEnPiso'>) => void }) {
  const { x, y } = posicionEnPlano(m.x, m.y, i);
  const { ancho, alto } = tamano(m);
  const t = m.turno;
  const retraso = m.proxima ? minutosRetrasoHora(m.proxima.hora, ahoraLocal) : null;
  return (
    <button
      type="button"
      data-mesa={m.numero}
      data-estado={m.estado}
      onClick={() => alElegir(m)}
      aria-label={`Mesa ${m.numero}, ${m.asientos} lugares, ${ETIQUETA[m.estado]}${t ? `: ${t.name}, ${textoPersonas(t.personas)}, ${t.minutos} minutos` : ''}${m.proxima ? `; llega ${m.proxima.name} a las ${horaCorta(m.proxima.hora)}${retraso === null ? '' : `, ${textoRetraso(retraso).toLowerCase()}`}` : ''}`}
      className={`absolute flex -translate-x-1/2 -translate-y-1/2 flex-col items-center justify-center overflow-hidden px-1 text-center ring-2 ring-inset transition focus:outline-none focus-visible:ring-4 focus-visible:ring-primary-600 ${COLOR[m.estado]} ${m.forma === 'redonda' ? 'rounded-full' : 'rounded-xl'}`}
      style={{ left: `${x}%`, top: `${y}%`, width: ancho, height: alto }}
    >
      <span className="text-lg leading-none font-bold tabular-nums">{m.numero}</span>
      {t ? (
        <>
          <span className="max-w-full truncate text-[11px] leading-tight font-medium">{t.name}</span>
          <span className="text-[11px] leading-tight tabular-nums">
            {t.personas}p · {t.minutos}′
          </span>
        </>
      ) : m.proxima && retraso !== null ? (
        <span className="max-w-full text-[11px] leading-tight font-semibold text-red-700" data-proxima={m.proxima._id} data-marca="retraso" data-minutos={retraso}>
          {textoRetraso(retraso)}
        </span>
      ) : m.proxima ? (
        <span className="max-w-full text-[11px] leading-tight font-medium tabular-nums" data-proxima={m.proxima._id}>
          Próx. <span className="whitespace-nowrap">{horaCorta(m.proxima.hora)}</span>
        </span>
      ) : (
        <span className="text-[11px] leading-tight">{m.asientos} lugares</span>
      )}
    </button>
  );
}

function AccionesMesa({
  piso,
  mesa,
  ahoraLocal,
  alCerrar,
  enlaceSentar,
}: {
  piso: Esquema<'Piso'>;
  mesa: Esquema<'MesaEnPiso'>;
  ahoraLocal: string;
  alCerrar: () => void;
  enlaceSentar: (mesa: string) => string;
}) {
  const { usuario } = useSesion();
  const escribir = useEscribirTurno();
  const [liberando, setLiberando] = useState(false);
  const [llegada, setLlegada] = useState(false);
  const [destino, setDestino] = useState('');
  const t = mesa.turno;
  const edita = tienePermiso(usuario, 'salon.edit');
  const sienta = tienePermiso(usuario, 'walkin.index');
  const registraLlegada = tienePermiso(usuario, 'reservacion.asistio');
  const libres = piso.mesas.filter((m) => m.estado === 'libre' && m.numero !== mesa.numero);
  const hecho = () => {
    setLiberando(false);
    alCerrar();
  };
  return (
    <>
      <Dialogo
        abierto={!liberando && !llegada}
        alCerrar={alCerrar}
        titulo={`Mesa ${mesa.numero}`}
        descripcion={`${mesa.area} · ${mesa.asientos} lugares · ${ETIQUETA[mesa.estado]}`}
        acciones={
          <Button variante="secundario" onClick={alCerrar}>
            Cerrar
          </Button>
        }
      >
        {mesa.proxima ? (
          <p className="mb-4 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700 ring-1 ring-stone-200" data-campo="proxima">
            Próxima llegada: <span className="font-semibold whitespace-nowrap tabular-nums">{horaCorta(mesa.proxima.hora)}</span> · {mesa.proxima.name} ·{' '}
            {textoPersonas(mesa.proxima.no_personas)} <MarcaRetraso minutos={minutosRetrasoHora(mesa.proxima.hora, ahoraLocal)} />
          </p>
        ) : null}
        {t ? (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-stone-500">Grupo</dt>
              <dd className="font-medium text-stone-900">{t.name}</dd>
              <dt className="text-stone-500">Personas</dt>
              <dd className="tabular-nums">{t.personas}</dd>
              <dt className="text-stone-500">Mesero</dt>
              <dd>{t.mesero ?? '—'}</dd>
              <dt className="text-stone-500">Desde</dt>
              <dd className="tabular-nums">
                {horaCorta(t.desde)} · {t.minutos} min
              </dd>
              {t.folio ? (
                <>
                  <dt className="text-stone-500">Folio</dt>
                  <dd className="tabular-nums">{t.folio}</dd>
                </>
              ) : null}
            </dl>
            {edita ? (
              <div className="space-y-3 border-t border-stone-200 pt-4">
                <form
                  className="flex items-end gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (destino) void escribir.mutateAsync({ tipo: 'mover', turno: t._id, mesa: destino }).then(hecho, () => undefined);
                  }}
                >
                  <div className="grow">
                    <CampoSelect etiqueta="Cambiar de mesa" name="destino" value={destino} onChange={(e) => setDestino(e.target.value)}>
                      <option value="">Elige una mesa libre</option>
                      {libres.map((m) => (
                        <option key={m.numero} value={String(m.numero)}>
                          Mesa {m.numero} · {m.asientos} lugares · {m.area}
                        </option>
                      ))}
                    </CampoSelect>
                  </div>
                  <Button type="submit" variante="secundario" disabled={!destino} cargando={escribir.isPending && !liberando}>
                    Cambiar
                  </Button>
                </form>
                <Button variante="peligro-suave" className="w-full" onClick={() => setLiberando(true)}>
                  Liberar mesa
                </Button>
              </div>
            ) : null}
          </div>
        ) : sienta || registraLlegada ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {sienta && (
              <Link
                to={enlaceSentar(String(mesa.numero))}
                className="flex min-h-12 w-full items-center justify-center rounded-lg bg-primary-700 px-4 text-base font-semibold text-white shadow-sm hover:bg-primary-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-offset-2"
              >
                Sentar walk-in aquí
              </Link>
            )}
            {registraLlegada && (
              <Button variante="secundario" className="min-h-12 text-base" onClick={() => setLlegada(true)}>
                Registrar llegada aquí
              </Button>
            )}
          </div>
        ) : (
          <p className="text-sm text-stone-600">La mesa está libre.</p>
        )}
      </Dialogo>
      {registraLlegada && llegada ? <AsistenciaDialogo abierto alCerrar={alCerrar} mesa={String(mesa.numero)} reservacion={mesa.proxima?._id} /> : null}
      {t ? (
        <Confirmacion
          abierto={liberando}
          alCerrar={() => setLiberando(false)}
          alConfirmar={() => void escribir.mutateAsync({ tipo: 'liberar', turno: t._id }).then(hecho, () => undefined)}
          titulo={`¿Liberar la mesa ${t.mesa}?`}
          descripcion={`${t.name} (${textoPersonas(t.personas)}) deja la mesa; queda libre para el siguiente grupo.`}
          confirmar="Liberar mesa"
          cargando={escribir.isPending}
        />
      ) : null}
    </>
  );
}

/** The branch's floor with its summary; `enlaceSentar` is where "Sentar walk-in aquí" leads. */
export function Salon({ enlaceSentar }: { enlaceSentar: (mesa: string) => string }) {
  const salon = useSalon();
  const ahoraLocal = useAhoraSucursal(useHorarioSucursal(useSesion().sucursal) ?? null);
  const [elegida, setElegida] = useState<number | null>(null);
  const areas = useMemo(() => {
    const porArea = new Map<string, Esquema<'MesaEnPiso'>[]>();
    for (const m of salon.data?.mesas ?? []) porArea.set(m.area, [...(porArea.get(m.area) ?? []), m]);
    return [...porArea.entries()];
  }, [salon.data]);

  if (salon.isPending) return <Esqueleto className="h-[32rem] w-full rounded-2xl" />;
  if (salon.isError)
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
        No se pudo leer el salón. Revisa la conexión; se intentará de nuevo.
      </p>
    );
  const piso = salon.data;
  if (piso.mesas.length === 0)
    return (
      <p className="rounded-xl bg-white p-6 text-sm text-stone-700 ring-1 ring-stone-200">
        Esta sucursal no tiene mesas configuradas. Quien administra las marcas las agrega en Marcas → la sucursal → Mesas.
      </p>
    );
  const mesa = piso.mesas.find((m) => m.numero === elegida) ?? null;
  // Two areas share the width on a wide screen when the plan puts them side by side.
  const juntas = areas.every(([, mesas]) => mesas.every((m) => m.x != null));
  return (
    <div className="@container space-y-4">
      <Resumen piso={piso} />
      {juntas ? (
        <Plano titulo={areas.map(([a]) => a).join(' · ')} mesas={piso.mesas} ahoraLocal={ahoraLocal} alElegir={(m) => setElegida(m.numero)} />
      ) : (
        areas.map(([area, mesas]) => <Plano key={area} titulo={area} mesas={mesas} ahoraLocal={ahoraLocal} alElegir={(m) => setElegida(m.numero)} />)
      )}
      <div className="flex flex-wrap gap-4 text-xs text-stone-600" aria-hidden>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-emerald-100 ring-2 ring-emerald-500/60" /> Libre
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-amber-100 ring-2 ring-amber-500/70" /> Ocupada
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-red-100 ring-2 ring-red-600/80" /> Excedida (más de {piso.estancia_min} min)
        </span>
      </div>
      {mesa ? <AccionesMesa piso={piso} mesa={mesa} ahoraLocal={ahoraLocal} alCerrar={() => setElegida(null)} enlaceSentar={enlaceSentar} /> : null}
    </div>
  );
}

function Plano({ titulo, mesas, ahoraLocal, alElegir }: { titulo: string; mesas: Esquema<'MesaEnPiso'>[]; ahoraLocal: string; alElegir: (m: Esquema<'MesaEnPiso'>) => void }) {
  return (
    <section aria-label={titulo} className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
      <h2 className="px-1 pb-2 text-sm font-semibold text-stone-700">{titulo}</h2>
      <div className="overflow-x-auto">
        <div className="relative h-[30rem] min-w-[40rem]">
          {mesas.map((m, i) => (
            <MesaDibujada key={m.numero} m={m} i={i} ahoraLocal={ahoraLocal} alElegir={alElegir} />
          ))}
        </div>
      </div>
    </section>
  );
}
