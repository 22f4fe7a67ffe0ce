import { ArrowPathRoundedSquareIcon, ExclamationTriangleIcon, KeyIcon, NoSymbolIcon, PaperAirplaneIcon, PlusIcon, PowerIcon, QueueListIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Confirmacion } from '@/components/ui/Confirmacion';
import { TABLA } from '@/components/ui/formulario';
import { Insignia } from '@/components/ui/Insignia';
import { BotonIcono, FilaMensaje, FilasCargando, PantallaAdmin, TablaAdmin, ThAcciones } from '@/components/ui/PantallaAdmin';
import { entero, fechaHoraBitacora } from '@/lib/formato';
import { ahora } from '@/lib/reloj';
import { useTitulo } from '@/lib/use-titulo';
import { useEscribirIntegracion } from '../api/escribir-integracion';
import { useClaves } from '../api/get-claves';
import { useDestinos } from '../api/get-destinos';
import { ClaveDialogo } from './ClaveDialogo';
import { DestinoDialogo } from './DestinoDialogo';
import { EntregasDialogo } from './EntregasDialogo';
import { SecretoDialogo } from './SecretoDialogo';
import type { Esquema } from '@/lib/api-client';

type Clave = Esquema<'ClaveAdmin'>;
type Destino = Esquema<'DestinoAdmin'>;

type Abierto =
  | { tipo: 'nueva-clave' | 'nuevo-destino' }
  | { tipo: 'secreto-clave' | 'secreto-destino'; secreto: string }
  | { tipo: 'revocar'; clave: Clave }
  | { tipo: 'entregas' | 'eliminar' | 'rotar'; destino: Destino }
  | null;

/** A key's state, as the server decides it, in words and colour. */
const ESTADOS_CLAVE: Record<Esquema<'EstadoClave'>, { texto: string; tono: 'exito' | 'peligro' | 'neutro' }> = {
  activa: { texto: 'Activa', tono: 'exito' },
  revocada: { texto: 'Revocada', tono: 'peligro' },
  vencida: { texto: 'Vencida', tono: 'neutro' },
};

const USO_CLAVE = 'El otro sistema la envía en cada llamada como «Authorization: Bearer anf_…». Actúa con los permisos del rol, solo en sus sucursales; lo que escriba queda en las bitácoras con el nombre de la clave.';
const USO_SECRETO = 'Con él, el otro sistema verifica la firma «webhook-signature» de cada entrega (Standard Webhooks). La guía de la API, en /api/docs, trae un ejemplo.';

/** A CRM's "Sincronizar todo", in words: how far it went, or when it ended. */
function Sincronizando({ s }: { s: Esquema<'Sincronizacion'> }) {
  if (s.estado === 'en_curso') {
    return <span className="block text-xs text-stone-600">Sincronizando: {entero(s.enviados)} de {entero(s.total)} clientes</span>;
  }
  if (s.estado === 'terminada') {
    return <span className="block text-xs text-stone-500">Sincronizados {entero(s.total)} clientes{s.desde ? ` · ${fechaHoraBitacora(s.desde)}` : ''}</span>;
  }
  return null;
}

function SeccionTitulo({ titulo, descripcion, boton }: { titulo: string; descripcion: string; boton: { texto: string; alPulsar: () => void } }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 className="text-lg font-semibold text-stone-900">{titulo}</h2>
        <p className="max-w-3xl text-sm text-stone-500">{descripcion}</p>
      </div>
      <Button variante="secundario" onClick={boton.alPulsar}>
        <PlusIcon aria-hidden className="size-5" />
        {boton.texto}
      </Button>
    </div>
  );
}

/** /integraciones: the keys other systems call the API with, and the endpoints the group's changes are sent to. */
export function IntegracionesPantalla() {
  useTitulo('Integraciones');
  const claves = useClaves();
  const destinos = useDestinos();
  const escribir = useEscribirIntegracion();
  const [abierto, setAbierto] = useState<Abierto>(null);
  const cerrar = () => setAbierto(null);
  const apagados = destinos.data?.filter((d) => d.desactivado_en) ?? [];

  return (
    <PantallaAdmin titulo="Integraciones" descripcion="Claves para que otros sistemas usen la API, y webhooks firmados que les avisan de cada cambio.">
      {apagados.map((d) => (
        <p key={d._id} role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
          <ExclamationTriangleIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-red-600" />
          <span>
            El destino <strong>{d.name}</strong> se desactivó el {fechaHoraBitacora(d.desactivado_en ?? '')}: sus entregas fallaron durante tres días. Revisa su dirección y actívalo de nuevo; lo que quedó pendiente se enviará entonces.
          </span>
        </p>
      ))}

      <SeccionTitulo
        titulo="Claves de integración"
        descripcion="Cada clave actúa con los permisos de su rol y solo en sus sucursales. Su secreto se muestra una vez."
        boton={{ texto: 'Nueva clave', alPulsar: () => setAbierto({ tipo: 'nueva-clave' }) }}
      />
      <TablaAdmin
        etiqueta="Claves de integración"
        encabezados={
          <>
            <th scope="col" className={TABLA.th}>Nombre</th>
            <th scope="col" className={`${TABLA.th} hidden sm:table-cell`}>Rol</th>
            <th scope="col" className={`${TABLA.th} hidden md:table-cell`}>Sucursales</th>
            <th scope="col" className={`${TABLA.th} hidden lg:table-cell`}>Creada</th>
            <th scope="col" className={`${TABLA.th} hidden sm:table-cell`}>Último uso</th>
            <th scope="col" className={`${TABLA.th} hidden md:table-cell`}>Vence</th>
            <th scope="col" className={TABLA.th}>Estado</th>
            <ThAcciones />
          </>
        }
      >
        {claves.isPending && <FilasCargando filas={3} columnas={8} />}
        {claves.isError && <FilaMensaje columnas={8}>No se pudieron cargar las claves. Recarga la página para intentarlo de nuevo.</FilaMensaje>}
        {claves.data?.length === 0 && <FilaMensaje columnas={8}>Todavía no hay claves. «Nueva clave» crea la primera.</FilaMensaje>}
        {claves.data?.map((c) => {
          const estado = ESTADOS_CLAVE[c.estado];
          return (
            <tr key={c._id} className={TABLA.fila}>
              <td className={TABLA.td}>
                <span className="font-medium text-stone-900">{c.name}</span>
                <span className="block font-mono text-xs text-stone-500">{c.prefijo}…</span>
              </td>
              <td className={`${TABLA.td} hidden sm:table-cell`}>{c.role.name}</td>
              <td className={`${TABLA.td} hidden md:table-cell`}>{c.sucursales.join(', ')}</td>
              <td className={`${TABLA.td} hidden whitespace-nowrap lg:table-cell`}>
                {c.creada_por}
                <span className="block text-xs text-stone-500">{fechaHoraBitacora(c.creada_en)}</span>
              </td>
              <td className={`${TABLA.td} hidden whitespace-nowrap sm:table-cell`}>
                {c.usada_en ? (
                  <>
                    {fechaHoraBitacora(c.usada_en)}
                    <span className="block font-mono text-xs text-stone-500">{c.usada_desde}</span>
                  </>
                ) : (
                  <span className="text-stone-500">Nunca</span>
                )}
              </td>
              <td className={`${TABLA.td} hidden whitespace-nowrap md:table-cell`}>{c.expira_en ? fechaHoraBitacora(c.expira_en) : <span className="text-stone-500">Sin vencimiento</span>}</td>
              <td className={TABLA.td}>
                <Insignia tono={estado.tono}>{estado.texto}</Insignia>
              </td>
              <td className={`${TABLA.td} text-right`}>
                {!c.revocada_en && (
                  <BotonIcono icono={NoSymbolIcon} titulo="Revocar" etiqueta={`Revocar la clave ${c.name}`} peligro alPulsar={() => setAbierto({ tipo: 'revocar', clave: c })} />
                )}
              </td>
            </tr>
          );
        })}
      </TablaAdmin>

      <div className="pt-4">
        <SeccionTitulo
          titulo="Webhooks"
          descripcion="Cada cambio elegido se envía firmado, una vez y en orden; si el destino no responde, se reintenta durante tres días."
          boton={{ texto: 'Nuevo destino', alPulsar: () => setAbierto({ tipo: 'nuevo-destino' }) }}
        />
      </div>
      <TablaAdmin
        etiqueta="Destinos de webhooks"
        encabezados={
          <>
            <th scope="col" className={TABLA.th}>Destino</th>
            <th scope="col" className={`${TABLA.th} hidden lg:table-cell`}>Tipo</th>
            <th scope="col" className={`${TABLA.th} hidden md:table-cell`}>Eventos</th>
            <th scope="col" className={`${TABLA.th} hidden lg:table-cell`}>Sucursales</th>
            <th scope="col" className={`${TABLA.th} hidden text-right sm:table-cell`}>En cola</th>
            <th scope="col" className={`${TABLA.th} hidden text-right sm:table-cell`}>Fallidas</th>
            <th scope="col" className={TABLA.th}>Estado</th>
            <ThAcciones />
          </>
        }
      >
        {destinos.isPending && <FilasCargando filas={3} columnas={8} />}
        {destinos.isError && <FilaMensaje columnas={8}>No se pudieron cargar los destinos. Se reintentará en unos segundos.</FilaMensaje>}
        {destinos.data?.length === 0 && <FilaMensaje columnas={8}>Todavía no hay destinos. «Nuevo destino» agrega el primero.</FilaMensaje>}
        {destinos.data?.map((d) => (
          <tr key={d._id} className={TABLA.fila}>
            <td className={`${TABLA.td} max-w-40 sm:max-w-72`}>
              <span className="font-medium text-stone-900">{d.name}</span>
              <span className="block truncate font-mono text-xs text-stone-500" title={d.url}>{d.url}</span>
            </td>
            <td className={`${TABLA.td} hidden whitespace-nowrap lg:table-cell`}>{d.tipo === 'crm' ? 'CRM del grupo' : 'Webhook'}</td>
            <td className={`${TABLA.td} hidden whitespace-nowrap md:table-cell`} title={d.eventos.join('\n')}>{d.eventos.length === 1 ? d.eventos[0] : `${d.eventos.length} eventos`}</td>
            <td className={`${TABLA.td} hidden lg:table-cell`}>{d.sucursales.join(', ')}</td>
            <td className={`${TABLA.td} hidden text-right tabular-nums sm:table-cell`}>{d.pendientes}</td>
            <td className={`${TABLA.td} hidden text-right tabular-nums sm:table-cell ${d.fallidas > 0 ? 'font-semibold text-red-700' : ''}`}>{d.fallidas}</td>
            <td className={TABLA.td}>
              <Insignia tono={d.activo ? 'exito' : 'peligro'}>{d.activo ? 'Activo' : 'Desactivado'}</Insignia>
              <Sincronizando s={d.sincronizacion} />
              {d.anterior_hasta && new Date(d.anterior_hasta) > ahora() && (
                <span className="block text-xs text-stone-500">Secreto anterior válido hasta {fechaHoraBitacora(d.anterior_hasta)}</span>
              )}
            </td>
            <td className={`${TABLA.td} text-right`}>
              <div className="ml-auto flex max-w-28 flex-wrap justify-end gap-0.5 sm:max-w-none sm:flex-nowrap">
                <BotonIcono icono={QueueListIcon} titulo="Entregas" etiqueta={`Ver las entregas a ${d.name}`} alPulsar={() => setAbierto({ tipo: 'entregas', destino: d })} />
                <BotonIcono icono={PaperAirplaneIcon} titulo="Enviar prueba" etiqueta={`Enviar una prueba a ${d.name}`} alPulsar={() => escribir.mutate({ tipo: 'probar', id: d._id })} />
                {d.tipo === 'crm' && (
                  <BotonIcono
                    icono={ArrowPathRoundedSquareIcon}
                    titulo="Sincronizar todo"
                    etiqueta={`Sincronizar todos los clientes con ${d.name}`}
                    alPulsar={() => escribir.mutate({ tipo: 'sincronizar', id: d._id })}
                  />
                )}
                <BotonIcono icono={KeyIcon} titulo="Rotar secreto" etiqueta={`Rotar el secreto de ${d.name}`} alPulsar={() => setAbierto({ tipo: 'rotar', destino: d })} />
                <BotonIcono
                  icono={PowerIcon}
                  titulo={d.activo ? 'Desactivar' : 'Activar'}
                  etiqueta={`${d.activo ? 'Desactivar' : 'Activar'} ${d.name}`}
                  alPulsar={() => escribir.mutate({ tipo: 'activar', id: d._id, activo: !d.activo })}
                />
                <BotonIcono icono={TrashIcon} titulo="Eliminar" etiqueta={`Eliminar el destino ${d.name}`} peligro alPulsar={() => setAbierto({ tipo: 'eliminar', destino: d })} />
              </div>
            </td>
          </tr>
        ))}
      </TablaAdmin>

      {abierto?.tipo === 'nueva-clave' && <ClaveDialogo alCerrar={cerrar} alCrear={(secreto) => setAbierto({ tipo: 'secreto-clave', secreto })} />}
      {abierto?.tipo === 'nuevo-destino' && <DestinoDialogo alCerrar={cerrar} alCrear={(secreto) => setAbierto({ tipo: 'secreto-destino', secreto })} />}
      {abierto?.tipo === 'secreto-clave' && <SecretoDialogo titulo="Clave creada" secreto={abierto.secreto} uso={USO_CLAVE} alCerrar={cerrar} />}
      {abierto?.tipo === 'secreto-destino' && <SecretoDialogo titulo="Secreto de firma" secreto={abierto.secreto} uso={USO_SECRETO} alCerrar={cerrar} />}
      {abierto?.tipo === 'entregas' && <EntregasDialogo destino={destinos.data?.find((d) => d._id === abierto.destino._id) ?? abierto.destino} alCerrar={cerrar} />}
      {abierto?.tipo === 'revocar' && (
        <Confirmacion
          abierto
          alCerrar={cerrar}
          titulo="Revocar clave"
          descripcion={`La clave ${abierto.clave.name} dejará de funcionar en su siguiente llamada. Esta acción no se puede deshacer.`}
          confirmar="Revocar"
          cargando={escribir.isPending}
          alConfirmar={() => escribir.mutate({ tipo: 'revocar-clave', id: abierto.clave._id }, { onSettled: cerrar })}
        />
      )}
      {abierto?.tipo === 'eliminar' && (
        <Confirmacion
          abierto
          alCerrar={cerrar}
          titulo="Eliminar destino"
          descripcion={`Se eliminará ${abierto.destino.name} con sus ${abierto.destino.pendientes} entregas en cola, que no se enviarán. Esta acción no se puede deshacer.`}
          confirmar="Eliminar"
          cargando={escribir.isPending}
          alConfirmar={() => escribir.mutate({ tipo: 'eliminar-destino', id: abierto.destino._id }, { onSettled: cerrar })}
        />
      )}
      {abierto?.tipo === 'rotar' && (
        <Confirmacion
          abierto
          alCerrar={cerrar}
          titulo="Rotar secreto"
          descripcion={`${abierto.destino.name} recibirá un secreto nuevo. El anterior sigue firmando junto con el nuevo durante 24 horas, para que el otro sistema cambie sin perder entregas.`}
          confirmar="Rotar"
          cargando={escribir.isPending}
          alConfirmar={() =>
            escribir.mutate(
              { tipo: 'rotar-secreto', id: abierto.destino._id },
              { onSuccess: ({ secreto }) => setAbierto(secreto ? { tipo: 'secreto-destino', secreto } : null), onError: cerrar },
            )
          }
        />
      )}
    </PantallaAdmin>
  );
}
