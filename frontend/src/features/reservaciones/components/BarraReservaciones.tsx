import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import { PlusIcon, QrCodeIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { entero } from '@/lib/formato';
import { BarraLista, useBusquedaLista } from '@/components/layouts/BarraLista';
import { Button } from '@/components/ui/Button';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { AsistenciaDialogo } from '@/modulos/asistencia/components/AsistenciaDialogo';
import { retrasoDe } from '@/modulos/reservaciones/retraso';
import { useAhoraSucursal } from '@/modulos/reservaciones/use-ahora-sucursal';
import { useHorarioSucursal } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { useReservaciones, type SlugReservaciones } from '../api/get-reservaciones';
import { ALTO_ITEM, ItemReservacion } from './ItemReservacion';
import { NuevaReservacionDialogo } from './NuevaReservacionDialogo';

/**
 * The reservations sidebar: the side list of the tab's reservations, and on Hoy the
 * Asistencia and Nueva buttons for the roles that hold them.
 */
export function BarraReservaciones({ slug, seleccionada }: { slug: SlugReservaciones; seleccionada?: string }) {
  const { usuario, sucursal } = useSesion();
  const busqueda = useBusquedaLista();
  const consulta = useReservaciones(slug, busqueda.q);
  // The branch's zone, for the time a guest confirmed («Confirmó»'s tooltip).
  const horario = useHorarioSucursal(sucursal) ?? null;
  // Today's list marks the parties past their time.
  const ahoraLocal = useAhoraSucursal(horario);
  const [dialogo, setDialogo] = useState<'asistencia' | 'nueva' | null>(null);

  const asistencia = slug === 'hoy' && tienePermiso(usuario, 'reservacion.asistio');
  const nueva = slug === 'hoy' && tienePermiso(usuario, 'reservacion.create');

  return (
    <BarraLista
      etiqueta="Lista de reservaciones"
      testid="barra-reservaciones"
      acciones={
        (asistencia || nueva) && (
          <div className="grid grid-cols-2 gap-2">
            {asistencia && (
              <Button variante="secundario" onClick={() => setDialogo('asistencia')} className={`min-h-11 ${nueva ? '' : 'col-span-2'}`}>
                <QrCodeIcon aria-hidden className="size-5 text-primary-700" />
                Asistencia
              </Button>
            )}
            {nueva && (
              <Button onClick={() => setDialogo('nueva')} className={`min-h-11 ${asistencia ? '' : 'col-span-2'}`}>
                <PlusIcon aria-hidden className="size-5" />
                Nueva
              </Button>
            )}
          </div>
        )
      }
      busqueda={busqueda}
      buscador={{ etiqueta: 'Buscar reservación', placeholder: 'Nombre, correo o teléfono' }}
      consulta={consulta}
      textoTotal={(total) => (total === 1 ? '1 reservación' : `${entero(total)} reservaciones`)}
      testidTotal="total-reservaciones"
      altoFila={ALTO_ITEM}
      nombre={{ carga: 'reservaciones', error: 'las reservaciones' }}
      vacio="No hay reservaciones"
      iconoVacio={CalendarDaysIcon}
      etiquetaLista="Reservaciones"
      seleccionado={seleccionada}
      fila={(r) => (
        <ItemReservacion
          reservacion={r}
          ruta={`/reservaciones/${slug}/${r._id}`}
          seleccionada={r._id === seleccionada}
          conEstado={slug === 'hoy' || slug === 'todas'}
          horario={horario}
          retraso={slug === 'hoy' ? retrasoDe(r, ahoraLocal) : null}
        />
      )}
    >
      <AsistenciaDialogo abierto={dialogo === 'asistencia'} alCerrar={() => setDialogo(null)} />
      {nueva && sucursal && <NuevaReservacionDialogo abierto={dialogo === 'nueva'} alCerrar={() => setDialogo(null)} tag={sucursal} />}
    </BarraLista>
  );
}
