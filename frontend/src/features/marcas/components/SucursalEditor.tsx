import { Input } from '@headlessui/react';
import { PlusIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { CampoSelect, CampoTexto, ESTILO_CAMPO } from '@/components/ui/Campo';
import { SelectorFecha } from '@/components/ui/CampoFecha';
import { SelectorHora } from '@/components/ui/CampoHora';
import { Confirmacion } from '@/components/ui/Confirmacion';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { iguales, MensajeCampo, rechazoDeCampo, Seccion, TABLA } from '@/components/ui/formulario';
import { Interruptor } from '@/components/ui/Interruptor';
import { useEscribirSucursal, type EscrituraSucursal } from '../api/escribir-sucursal';
import { useSucursal } from '../api/get-sucursal';
import { DIAS } from '@/lib/formato';
import { datosDias, datosMesas, diasDe, mesaNueva, mesasDe, semanaCompleta, zonasPara, type FilaDia, type FilaMesa } from '../sucursal';
import { BotonIcono } from '@/components/ui/PantallaAdmin';
import { PlanoMesas } from './PlanoMesas';
import { Impresoras } from './Impresoras';
import type { Esquema } from '@/lib/api-client';

const CELDA = `${ESTILO_CAMPO} py-1.5 text-sm`;

/** One part's save: the call, its busy state and the refused field's message. */
function useGuardar() {
  const escribir = useEscribirSucursal();
  const [rechazo, setRechazo] = useState<{ campo: string; mensaje: string } | null>(null);
  const guardar = (e: EscrituraSucursal) => {
    setRechazo(null);
    escribir.mutate(e, { onError: (err) => setRechazo(rechazoDeCampo(err)) });
  };
  return { guardar, guardando: escribir.isPending, rechazo };
}

function BotonGuardar({ sinCambios, guardando, onClick, children = 'Guardar' }: { sinCambios: boolean; guardando: boolean; onClick: () => void; children?: ReactNode }) {
  return (
    <Button onClick={onClick} disabled={sinCambios} cargando={guardando} className="py-1.5">
      {children}
    </Button>
  );
}

/** A branch's own data, its week, its tables and its special days, each saved by its call. */
export function SucursalEditor({ id, editable, impresoras = false }: { id: string; editable: boolean; /** May configure the branch's printers (impresoras.edit). */ impresoras?: boolean }) {
  const sucursal = useSucursal(id);
  if (sucursal.isPending) return <Esqueleto className="h-96 w-full rounded-xl" />;
  if (!sucursal.data) return null;
  const s = sucursal.data;
  // Each part restarts from the saved branch whenever the server answers a new one.
  return (
    <div className="space-y-4">
      <Datos key={`d${JSON.stringify([s.tag, s.name, s.zona, s.direccion, s.telefono, s.activa])}`} s={s} editable={editable} />
      <div className="grid gap-4 2xl:grid-cols-2">
        <Horario key={`h${JSON.stringify(s.horario)}`} s={s} editable={editable} />
        <Mesas key={`m${JSON.stringify(s.mesas)}`} s={s} editable={editable} />
      </div>
      <Dias key={`x${JSON.stringify(s.days)}`} s={s} editable={editable} />
      <Impresoras sucursal={s._id} editable={impresoras} />
    </div>
  );
}

function Datos({ s, editable }: { s: Esquema<'Sucursal'>; editable: boolean }) {
  const original = { tag: s.tag, name: s.name, zona: s.zona, direccion: s.direccion ?? '', telefono: s.telefono ?? '', activa: s.activa };
  const [form, setForm] = useState(original);
  const [confirmar, setConfirmar] = useState(false);
  const { guardar, guardando, rechazo } = useGuardar();
  const sinCambios = iguales(form, original);
  const error = (c: string) => (rechazo?.campo === c ? rechazo.mensaje : null);
  const enviar = () => {
    setConfirmar(false);
    guardar({
      tipo: 'editar',
      id: s._id,
      datos: { marca: s.marca._id, tag: form.tag.trim(), name: form.name.trim(), zona: form.zona, direccion: form.direccion.trim() || null, telefono: form.telefono.trim() || null, activa: form.activa },
    });
  };
  const texto = (c: 'tag' | 'name' | 'direccion' | 'telefono') => ({
    value: form[c],
    disabled: !editable,
    invalid: Boolean(error(c)),
    autoComplete: 'off',
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [c]: e.target.value })),
  });
  return (
    <Seccion
      titulo="Datos de la sucursal"
      acciones={editable && <BotonGuardar sinCambios={sinCambios} guardando={guardando} onClick={() => (s.activa && !form.activa ? setConfirmar(true) : enviar())} />}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <CampoTexto etiqueta="Clave (tag)" {...texto('tag')} />
          <MensajeCampo nombre="tag" mensaje={error('tag')} />
        </div>
        <div>
          <CampoTexto etiqueta="Nombre" {...texto('name')} />
          <MensajeCampo nombre="name" mensaje={error('name')} />
        </div>
        <div>
          <CampoSelect etiqueta="Zona horaria" value={form.zona} disabled={!editable} onChange={(e) => setForm((f) => ({ ...f, zona: e.target.value }))}>
            {zonasPara(s.zona).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </CampoSelect>
          <MensajeCampo nombre="zona" mensaje={error('zona')} />
        </div>
        <div className="sm:col-span-2">
          <CampoTexto etiqueta="Dirección" {...texto('direccion')} />
          <MensajeCampo nombre="direccion" mensaje={error('direccion')} />
        </div>
        <div>
          <CampoTexto etiqueta="Teléfono" type="tel" {...texto('telefono')} />
          <MensajeCampo nombre="telefono" mensaje={error('telefono')} />
        </div>
        <div className="sm:col-span-2 lg:col-span-3">
          {editable ? (
            <Interruptor etiqueta="Sucursal activa" descripcion="Una sucursal inactiva no recibe reservaciones en línea." valor={form.activa} alCambiar={(v) => setForm((f) => ({ ...f, activa: v }))} />
          ) : null}
        </div>
      </div>
      {confirmar && (
        <Confirmacion
          abierto
          alCerrar={() => setConfirmar(false)}
          alConfirmar={enviar}
          titulo="Desactivar sucursal"
          descripcion={`${s.name} dejará de recibir reservaciones en línea.`}
          confirmar="Desactivar"
          cargando={guardando}
        />
      )}
    </Seccion>
  );
}

function Horario({ s, editable }: { s: Esquema<'Sucursal'>; editable: boolean }) {
  const original = semanaCompleta(s.horario);
  const [filas, setFilas] = useState(original);
  const { guardar, guardando, rechazo } = useGuardar();
  const cambiar = (dia: number, cambio: Partial<(typeof filas)[number]>) => setFilas((fs) => fs.map((f) => (f.dia === dia ? { ...f, ...cambio } : f)));
  return (
    <Seccion
      titulo="Horario"
      descripcion="Apertura y cierre de cada día de la semana."
      acciones={editable && <BotonGuardar sinCambios={iguales(filas, original)} guardando={guardando} onClick={() => guardar({ tipo: 'horario', id: s._id, datos: filas })} />}
    >
      <table className="w-full max-w-2xl text-sm">
        <thead>
          <tr>
            <th scope="col" className={`${TABLA.th} pl-0`}>Día</th>
            <th scope="col" className={TABLA.th}>Abre</th>
            <th scope="col" className={TABLA.th}>Cierra</th>
            <th scope="col" className={`${TABLA.th} pr-0 text-right`}>Cerrado</th>
          </tr>
        </thead>
        <tbody>
          {filas.map((f) => (
            <tr key={f.dia} data-dia={f.dia}>
              <th scope="row" className="py-1 pr-3 text-left font-medium text-stone-800">{DIAS[f.dia - 1]}</th>
              <td className="px-1 py-1">
                <SelectorHora aria-label={`${DIAS[f.dia - 1]}: abre`} className={CELDA} value={f.abre} disabled={!editable || f.cerrado} onChange={(v) => cambiar(f.dia, { abre: v })} />
              </td>
              <td className="px-1 py-1">
                <SelectorHora aria-label={`${DIAS[f.dia - 1]}: cierra`} className={CELDA} value={f.cierra} disabled={!editable || f.cerrado} onChange={(v) => cambiar(f.dia, { cierra: v })} />
              </td>
              <td className="py-1 pl-2 text-right">
                <input
                  type="checkbox"
                  aria-label={`${DIAS[f.dia - 1]}: cerrado`}
                  className="size-5 accent-primary-700"
                  checked={f.cerrado}
                  disabled={!editable}
                  onChange={(e) => cambiar(f.dia, { cerrado: e.target.checked })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <MensajeCampo nombre="horario" mensaje={rechazo?.mensaje} />
    </Seccion>
  );
}

function Mesas({ s, editable }: { s: Esquema<'Sucursal'>; editable: boolean }) {
  const original = mesasDe(s);
  const [filas, setFilas] = useState<FilaMesa[]>(original);
  const [confirmar, setConfirmar] = useState(false);
  const { guardar, guardando, rechazo } = useGuardar();
  const cambiar = (i: number, cambio: Partial<FilaMesa>) => setFilas((fs) => fs.map((f, j) => (j === i ? { ...f, ...cambio } : f)));
  const numero = (v: string) => (v.trim() === '' ? null : Math.max(0, Math.trunc(Number(v)) || 0));
  // Dropping a saved table is the destructive part: ask first.
  const quita = original.some((o) => !filas.some((f) => f.numero === o.numero));
  const enviar = () => {
    setConfirmar(false);
    guardar({ tipo: 'mesas', id: s._id, datos: datosMesas(filas) });
  };
  return (
    <Seccion
      titulo="Mesas"
      descripcion={`${filas.length} ${filas.length === 1 ? 'mesa' : 'mesas'} · ${filas.reduce((n, f) => n + (f.asientos ?? 0), 0)} asientos`}
      acciones={
        editable && (
          <>
            <Button variante="secundario" className="py-1.5" onClick={() => setFilas((fs) => [...fs, mesaNueva(fs)])}>
              <PlusIcon aria-hidden className="size-4" />
              Agregar mesa
            </Button>
            <BotonGuardar sinCambios={iguales(filas, original)} guardando={guardando} onClick={() => (quita ? setConfirmar(true) : enviar())} />
          </>
        )
      }
    >
      {filas.length === 0 ? (
        <p className="py-6 text-center text-sm text-stone-500">Sin mesas registradas.</p>
      ) : (
        <div className="max-h-96 overflow-y-auto">
          <table className="w-full max-w-2xl text-sm">
            <thead className="sticky top-0 bg-white">
              <tr>
                <th scope="col" className={`${TABLA.th} pl-0`}>Número</th>
                <th scope="col" className={TABLA.th}>Asientos</th>
                <th scope="col" className={TABLA.th}>Se puede juntar</th>
                <th scope="col" className={TABLA.th}>Área</th>
                <th scope="col" className={TABLA.th}>Redonda</th>
                <th scope="col" className={TABLA.th}><span className="sr-only">Quitar</span></th>
              </tr>
            </thead>
            <tbody>
              {filas.map((f, i) => (
                <tr key={i} data-mesa={i}>
                  <td className="py-1 pr-1">
                    <Input type="number" min={1} inputMode="numeric" aria-label={`Mesa ${i + 1}: número`} className={`${CELDA} w-24 tabular-nums`} value={f.numero ?? ''} disabled={!editable} onChange={(e) => cambiar(i, { numero: numero(e.target.value) })} />
                  </td>
                  <td className="px-1 py-1">
                    <Input type="number" min={1} inputMode="numeric" aria-label={`Mesa ${i + 1}: asientos`} className={`${CELDA} w-24 tabular-nums`} value={f.asientos ?? ''} disabled={!editable} onChange={(e) => cambiar(i, { asientos: numero(e.target.value) })} />
                  </td>
                  <td className="px-1 py-1">
                    <input type="checkbox" aria-label={`Mesa ${i + 1}: se puede juntar`} className="size-5 accent-primary-700" checked={f.combinable} disabled={!editable} onChange={(e) => cambiar(i, { combinable: e.target.checked })} />
                  </td>
                  <td className="px-1 py-1">
                    <Input aria-label={`Mesa ${i + 1}: área`} maxLength={30} className={`${CELDA} w-28`} value={f.area} disabled={!editable} onChange={(e) => cambiar(i, { area: e.target.value })} />
                  </td>
                  <td className="px-1 py-1">
                    <input type="checkbox" aria-label={`Mesa ${i + 1}: redonda`} className="size-5 accent-primary-700" checked={f.forma === 'redonda'} disabled={!editable} onChange={(e) => cambiar(i, { forma: e.target.checked ? 'redonda' : 'cuadrada' })} />
                  </td>
                  <td className="py-1 text-right">
                    {editable && (
                      <BotonIcono icono={TrashIcon} peligro titulo="Quitar" etiqueta={`Quitar mesa ${f.numero ?? ''}`} alPulsar={() => setFilas((fs) => fs.filter((_, j) => j !== i))} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {filas.length > 0 ? <PlanoMesas filas={filas} editable={editable} alMover={(i, x, y) => cambiar(i, { x, y })} /> : null}
      <MensajeCampo nombre="mesas" mensaje={rechazo?.mensaje} />
      {confirmar && (
        <Confirmacion abierto alCerrar={() => setConfirmar(false)} alConfirmar={enviar} titulo="Quitar mesas" descripcion="Las mesas quitadas dejarán de ofrecerse para reservaciones." confirmar="Guardar mesas" cargando={guardando} />
      )}
    </Seccion>
  );
}

function Dias({ s, editable }: { s: Esquema<'Sucursal'>; editable: boolean }) {
  const original = diasDe(s);
  const [filas, setFilas] = useState<FilaDia[]>(original);
  const [confirmar, setConfirmar] = useState(false);
  const { guardar, guardando, rechazo } = useGuardar();
  const cambiar = (i: number, cambio: Partial<FilaDia>) => setFilas((fs) => fs.map((f, j) => (j === i ? { ...f, ...cambio } : f)));
  const quita = original.some((o) => !filas.some((f) => f.fecha === o.fecha));
  const enviar = () => {
    setConfirmar(false);
    guardar({ tipo: 'days', id: s._id, datos: datosDias(filas) });
  };
  return (
    <Seccion
      titulo="Días especiales"
      descripcion="Cierres y horarios distintos en una fecha."
      acciones={
        editable && (
          <>
            <Button variante="secundario" className="py-1.5" onClick={() => setFilas((fs) => [...fs, { fecha: '', tipo: 'cerrado', abre: '', cierra: '', motivo: '' }])}>
              <PlusIcon aria-hidden className="size-4" />
              Agregar día
            </Button>
            <BotonGuardar sinCambios={iguales(filas, original)} guardando={guardando} onClick={() => (quita ? setConfirmar(true) : enviar())} />
          </>
        )
      }
    >
      {filas.length === 0 ? (
        <p className="py-6 text-center text-sm text-stone-500">Sin días especiales.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[760px] text-sm">
            <thead>
              <tr>
                <th scope="col" className={`${TABLA.th} pl-0`}>Fecha</th>
                <th scope="col" className={TABLA.th}>Tipo</th>
                <th scope="col" className={TABLA.th}>Abre</th>
                <th scope="col" className={TABLA.th}>Cierra</th>
                <th scope="col" className={TABLA.th}>Motivo</th>
                <th scope="col" className={TABLA.th}><span className="sr-only">Quitar</span></th>
              </tr>
            </thead>
            <tbody>
              {filas.map((f, i) => (
                <tr key={i} data-dia-especial={i}>
                  <td className="py-1 pr-1">
                    <SelectorFecha aria-label={`Día ${i + 1}: fecha`} className={CELDA} value={f.fecha} disabled={!editable} onChange={(v) => cambiar(i, { fecha: v })} />
                  </td>
                  <td className="px-1 py-1">
                    <select aria-label={`Día ${i + 1}: tipo`} className={CELDA} value={f.tipo} disabled={!editable} onChange={(e) => cambiar(i, { tipo: e.target.value === 'especial' ? 'especial' : 'cerrado' })}>
                      <option value="cerrado">Cerrado</option>
                      <option value="especial">Horario especial</option>
                    </select>
                  </td>
                  <td className="px-1 py-1">
                    <SelectorHora aria-label={`Día ${i + 1}: abre`} className={CELDA} value={f.abre} disabled={!editable || f.tipo === 'cerrado'} onChange={(v) => cambiar(i, { abre: v })} />
                  </td>
                  <td className="px-1 py-1">
                    <SelectorHora aria-label={`Día ${i + 1}: cierra`} className={CELDA} value={f.cierra} disabled={!editable || f.tipo === 'cerrado'} onChange={(v) => cambiar(i, { cierra: v })} />
                  </td>
                  <td className="px-1 py-1">
                    <Input aria-label={`Día ${i + 1}: motivo`} className={CELDA} value={f.motivo} disabled={!editable} onChange={(e) => cambiar(i, { motivo: e.target.value })} />
                  </td>
                  <td className="py-1 text-right">
                    {editable && (
                      <BotonIcono icono={TrashIcon} peligro titulo="Quitar" etiqueta={`Quitar día ${f.fecha}`} alPulsar={() => setFilas((fs) => fs.filter((_, j) => j !== i))} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MensajeCampo nombre="days" mensaje={rechazo?.mensaje} />
      {confirmar && (
        <Confirmacion abierto alCerrar={() => setConfirmar(false)} alConfirmar={enviar} titulo="Quitar días especiales" descripcion="Los días quitados volverán al horario de la semana." confirmar="Guardar días" cargando={guardando} />
      )}
    </Seccion>
  );
}
