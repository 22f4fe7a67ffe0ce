import { ArrowPathIcon, PaperAirplaneIcon } from '@heroicons/react/20/solid';
import { Button } from '@/components/ui/Button';
import { Dialogo } from '@/components/ui/Dialogo';
import { TABLA } from '@/components/ui/formulario';
import { Insignia, type Tono } from '@/components/ui/Insignia';
import { BotonIcono, FilaMensaje, FilasCargando, TablaAdmin, ThAcciones } from '@/components/ui/PantallaAdmin';
import { fechaHoraBitacora } from '@/lib/formato';
import { useEscribirIntegracion } from '../api/escribir-integracion';
import { useEntregas } from '../api/get-entregas';
import type { Esquema } from '@/lib/api-client';

const ESTADOS: Record<string, { texto: string; tono: Tono }> = {
  pendiente: { texto: 'Pendiente', tono: 'aviso' },
  entregado: { texto: 'Entregado', tono: 'exito' },
  fallido: { texto: 'Fallido', tono: 'peligro' },
};

/** The last answer of a delivery, in words: its HTTP code, or why there was none. */
function respuesta(e: Esquema<'EntregaAdmin'>): string {
  if (e.ultimo_codigo != null) return `HTTP ${e.ultimo_codigo}`;
  return e.ultimo_error ?? '—';
}

/** An endpoint's latest deliveries: event, state, tries, last answer and when, next try; "Reenviar", "Enviar prueba". */
export function EntregasDialogo({ destino, alCerrar }: { destino: Esquema<'DestinoAdmin'>; alCerrar: () => void }) {
  const entregas = useEntregas(destino._id);
  const escribir = useEscribirIntegracion();
  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo={`Entregas a ${destino.name}`}
      descripcion={<span className="font-mono text-xs break-all">{destino.url}</span>}
      ancho="sm:max-w-5xl"
      acciones={
        <>
          <Button variante="secundario" onClick={alCerrar}>
            Cerrar
          </Button>
          <Button cargando={escribir.isPending} onClick={() => escribir.mutate({ tipo: 'probar', id: destino._id })}>
            <PaperAirplaneIcon aria-hidden className="size-5" />
            Enviar prueba
          </Button>
        </>
      }
    >
      {!destino.activo && (
        <p role="status" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          Este destino está desactivado: lo que se encola para él espera hasta que lo actives.
        </p>
      )}
      <TablaAdmin
        etiqueta="Entregas"
        encabezados={
          <>
            <th scope="col" className={TABLA.th}>Evento</th>
            <th scope="col" className={TABLA.th}>Estado</th>
            <th scope="col" className={`${TABLA.th} hidden text-right sm:table-cell`}>Intentos</th>
            <th scope="col" className={TABLA.th}>Última respuesta</th>
            <th scope="col" className={`${TABLA.th} hidden md:table-cell`}>Siguiente intento</th>
            <ThAcciones />
          </>
        }
      >
        {entregas.isPending && <FilasCargando filas={4} columnas={6} />}
        {entregas.isError && <FilaMensaje columnas={6}>No se pudieron cargar las entregas. Se reintentará en unos segundos.</FilaMensaje>}
        {entregas.data?.length === 0 && <FilaMensaje columnas={6}>Todavía no hay entregas. «Enviar prueba» manda una.</FilaMensaje>}
        {entregas.data?.map((e) => {
          const estado = ESTADOS[e.estado] ?? { texto: e.estado, tono: 'neutro' as Tono };
          return (
            <tr key={e._id} className={TABLA.fila}>
              <td className={TABLA.td}>
                <span className="font-mono text-xs text-stone-900">{e.evento}</span>
                <span className="block text-xs text-stone-500">{fechaHoraBitacora(e.creado_en)}</span>
              </td>
              <td className={TABLA.td}>
                <Insignia tono={estado.tono}>{estado.texto}</Insignia>
              </td>
              <td className={`${TABLA.td} hidden text-right tabular-nums sm:table-cell`}>{e.intentos}</td>
              <td className={TABLA.td}>
                <span className="text-stone-900">{respuesta(e)}</span>
                {e.ultimo_en && <span className="block text-xs text-stone-500">{fechaHoraBitacora(e.ultimo_en)}</span>}
              </td>
              <td className={`${TABLA.td} hidden whitespace-nowrap text-stone-700 md:table-cell`}>{e.siguiente_intento ? fechaHoraBitacora(e.siguiente_intento) : '—'}</td>
              <td className={`${TABLA.td} text-right`}>
                {e.estado !== 'pendiente' && (
                  <BotonIcono icono={ArrowPathIcon} titulo="Reenviar" etiqueta={`Reenviar ${e.evento}`} alPulsar={() => escribir.mutate({ tipo: 'reenviar', id: destino._id, entrega: e._id })} />
                )}
              </td>
            </tr>
          );
        })}
      </TablaAdmin>
    </Dialogo>
  );
}
