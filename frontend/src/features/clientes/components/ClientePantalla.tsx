import { ArrowsPointingInIcon, EnvelopeIcon, PhoneIcon } from '@heroicons/react/20/solid';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { CampoArea, CampoTexto } from '@/components/ui/Campo';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { alRechazar, MensajeCampo, Seccion, TABLA } from '@/components/ui/formulario';
import { Insignia } from '@/components/ui/Insignia';
import { AvisoPantalla, VolverA } from '@/components/ui/PantallaAdmin';
import { ApiError, type Esquema } from '@/lib/api-client';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { useTitulo } from '@/lib/use-titulo';
import { EstadoReservacion } from '@/modulos/reservaciones/components/EstadoReservacion';
import { useEscribirCliente } from '../api/escribir-cliente';
import { useCliente } from '../api/get-cliente';
import { fechaVisita } from '@/lib/formato';
import { rutaVisita, telefonoCliente, textoVisitas, vino, visitasRecientes } from '../visitas';
import { FusionarDialogo } from './FusionarDialogo';

const ESTADOS_RESERVACION: readonly string[] = ['Pendiente', 'Asistio', 'Vencido', 'Cancelada'];

function EstadoVisita({ visita }: { visita: Esquema<'Visita'> }) {
  if (visita.tipo === 'reservacion' && ESTADOS_RESERVACION.includes(visita.status)) return <EstadoReservacion status={visita.status as Esquema<'Reservacion'>['status']} />;
  return <Insignia>{visita.status}</Insignia>;
}

/** /clientes/{id}: one guest, their contact (with reservacion.client), notes and every visit. */
export function ClientePantalla() {
  const { id = '' } = useParams();
  const cliente = useCliente(id);
  useTitulo(cliente.data?.name ?? 'Cliente');
  const { usuario } = useSesion();
  const [fusionando, setFusionando] = useState(false);
  const puedeEditar = tienePermiso(usuario, 'clientes.edit');
  // Merging deletes the duplicate, so it takes the delete permission too (as the server asks).
  const puedeFusionar = puedeEditar && tienePermiso(usuario, 'clientes.delete');
  const noExiste = cliente.error instanceof ApiError && cliente.error.status === 404;

  return (
    <section aria-labelledby="titulo-pantalla" className="space-y-4">
      <VolverA a="/clientes">Clientes</VolverA>
      {cliente.isPending && (
        <div className="space-y-3" aria-busy>
          <Esqueleto className="h-8 w-64" />
          <Esqueleto className="h-40 w-full" />
        </div>
      )}
      {cliente.isError && (
        <AvisoPantalla>{noExiste ? 'Este cliente no existe o se fusionó con otro.' : cliente.error.message}</AvisoPantalla>
      )}
      {cliente.data && (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 id="titulo-pantalla" className="truncate text-2xl font-bold tracking-tight text-stone-900">
                {cliente.data.name}
              </h1>
              <p className="mt-1 flex flex-wrap gap-2 text-sm text-stone-600">
                <Insignia>{textoVisitas(cliente.data.visitas.filter(vino).length)}</Insignia>
                <Insignia tono={cliente.data.no_shows > 0 ? 'peligro' : 'neutro'}>
                  {cliente.data.no_shows === 1 ? '1 no-show' : `${cliente.data.no_shows} no-shows`}
                </Insignia>
              </p>
            </div>
            {puedeFusionar && (
              <Button variante="secundario" onClick={() => setFusionando(true)}>
                <ArrowsPointingInIcon aria-hidden className="size-5" />
                Fusionar
              </Button>
            )}
          </div>
          <DatosCliente key={cliente.data._id} cliente={cliente.data} editable={puedeEditar} />
          <Historial visitas={cliente.data.visitas} verReservaciones={tienePermiso(usuario, 'reservacion.index')} />
          {fusionando && <FusionarDialogo cliente={cliente.data} alCerrar={() => setFusionando(false)} />}
        </>
      )}
    </section>
  );
}

function DatosCliente({ cliente, editable }: { cliente: Esquema<'ClienteDetalle'>; editable: boolean }) {
  const [nombre, setNombre] = useState(cliente.name);
  const [notas, setNotas] = useState(cliente.notas ?? '');
  const [errores, setErrores] = useState<Partial<Record<'name' | 'notas', string>>>({});
  const escribir = useEscribirCliente();
  const sinCambios = nombre.trim() === cliente.name && notas.trim() === (cliente.notas ?? '').trim();
  const guardar = (e: FormEvent) => {
    e.preventDefault();
    if (sinCambios || !nombre.trim()) return;
    escribir.mutate(
      { tipo: 'editar', id: cliente._id, datos: { name: nombre.trim(), notas: notas.trim() } },
      {
        onError: alRechazar(setErrores),
      },
    );
  };
  const hayContacto = Boolean(cliente.email || cliente.phone);

  return (
    <Seccion titulo="Datos del cliente">
      {hayContacto && (
        <dl className="mb-4 flex flex-wrap gap-x-6 gap-y-1.5 text-sm" aria-label="Contacto">
          {cliente.email && (
            <div className="flex items-center gap-2">
              <dt>
                <EnvelopeIcon aria-label="Correo" className="size-4 text-stone-400" />
              </dt>
              <dd className="min-w-0 truncate" data-campo="email">
                <a href={`mailto:${cliente.email}`} className="text-primary-800 hover:underline">
                  {cliente.email}
                </a>
              </dd>
            </div>
          )}
          {cliente.phone && (
            <div className="flex items-center gap-2">
              <dt>
                <PhoneIcon aria-label="Teléfono" className="size-4 text-stone-400" />
              </dt>
              <dd className="tabular-nums" data-campo="phone">
                <a href={`tel:${telefonoCliente(cliente.phone).marcar}`} className="text-primary-800 hover:underline">
                  {telefonoCliente(cliente.phone).texto}
                </a>
              </dd>
            </div>
          )}
        </dl>
      )}
      {editable ? (
        <form noValidate onSubmit={guardar} className="grid gap-3 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]" aria-label="Datos del cliente">
          <div>
            <CampoTexto etiqueta="Nombre" name="name" autoComplete="off" value={nombre} invalid={Boolean(errores.name)} onChange={(e) => { setNombre(e.target.value); setErrores({}); }} />
            <MensajeCampo nombre="name" mensaje={errores.name} />
          </div>
          <div>
            <CampoArea etiqueta="Notas" name="notas" rows={3} placeholder="Preferencias, alergias, mesa favorita…" value={notas} invalid={Boolean(errores.notas)} onChange={(e) => { setNotas(e.target.value); setErrores({}); }} />
            <MensajeCampo nombre="notas" mensaje={errores.notas} />
          </div>
          <div className="flex justify-end md:col-span-2">
            <Button type="submit" disabled={sinCambios || !nombre.trim()} cargando={escribir.isPending}>
              Guardar
            </Button>
          </div>
        </form>
      ) : (
        <div className="text-sm">
          <p className="font-medium text-stone-700">Notas</p>
          <p className="mt-1 whitespace-pre-line text-stone-600">{cliente.notas || 'Sin notas.'}</p>
        </div>
      )}
    </Seccion>
  );
}

/** The visits; each opens its record, a reservation only for who may open Reservaciones. */
function Historial({ visitas, verReservaciones }: { visitas: readonly Esquema<'Visita'>[]; verReservaciones: boolean }) {
  const ordenadas = visitasRecientes(visitas);
  return (
    <Seccion titulo="Historial de visitas" descripcion="Reservaciones y walk-ins, la más reciente primero.">
      {ordenadas.length === 0 ? (
        <p className="py-6 text-center text-sm text-stone-500">Aún no tiene visitas.</p>
      ) : (
        <div className="-mx-4 overflow-x-auto sm:-mx-5">
          <table className={TABLA.tabla} aria-label="Visitas">
            <thead>
              <tr>
                <th scope="col" className={TABLA.th}>Fecha</th>
                <th scope="col" className={TABLA.th}>Tipo</th>
                <th scope="col" className={TABLA.th}>Estado</th>
                <th scope="col" className={`${TABLA.th} text-right`}>Personas</th>
                <th scope="col" className={`${TABLA.th} hidden sm:table-cell`}>Evento</th>
                <th scope="col" className={`${TABLA.th} hidden lg:table-cell`}>Sucursal</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {ordenadas.map((v) => (
                <tr key={`${v.tipo}-${v._id}`} className={`${TABLA.fila} relative`} data-visita={v.tipo}>
                  <td className={`${TABLA.td} whitespace-nowrap tabular-nums`}>
                    {v.tipo === 'walkin' || verReservaciones ? (
                      <Link to={rutaVisita(v)} className="font-medium text-stone-900 after:absolute after:inset-0 hover:text-primary-800 focus:outline-none focus-visible:underline">
                        {fechaVisita(v.fecha_hora)}
                      </Link>
                    ) : (
                      <span className="font-medium text-stone-900">{fechaVisita(v.fecha_hora)}</span>
                    )}
                  </td>
                  <td className={TABLA.td}>{v.tipo === 'walkin' ? 'Walk-in' : 'Reservación'}</td>
                  <td className={TABLA.td}>
                    <EstadoVisita visita={v} />
                  </td>
                  <td className={`${TABLA.td} text-right tabular-nums`}>{v.no_personas}</td>
                  <td className={`${TABLA.td} hidden sm:table-cell`}>{v.evento === 'Ninguno' ? '—' : v.evento}</td>
                  <td className={`${TABLA.td} hidden lg:table-cell`}>{v.sucursal}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Seccion>
  );
}
