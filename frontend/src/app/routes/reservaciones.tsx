import { Navigate, useParams } from 'react-router';
import { SeccionConPestanas } from '../../components/layouts/SeccionConPestanas';
import { EnConstruccion } from '../../components/ui/EnConstruccion';
import { useTitulo } from '../../lib/use-titulo';

/** Spec §2: the reservation list tabs, slug → title. */
export const PESTANAS_RESERVACIONES = [
  { slug: 'hoy', titulo: 'Hoy' },
  { slug: 'pendientes', titulo: 'Próximas' },
  { slug: 'asistio', titulo: 'Asistió' },
  { slug: 'vencidas', titulo: 'No asistió' },
  { slug: 'canceladas', titulo: 'Canceladas' },
  { slug: 'todas', titulo: 'Todas' },
] as const;

/** /reservaciones/:slug — tabs over the list and the selected reservation (child :id). */
export function Reservaciones() {
  const { slug } = useParams();
  const pestana = PESTANAS_RESERVACIONES.find((p) => p.slug === slug);
  useTitulo(pestana ? `Reservaciones · ${pestana.titulo}` : 'Reservaciones');
  if (!pestana) return <Navigate to="/reservaciones/hoy" replace />;
  return (
    <SeccionConPestanas
      titulo="Reservaciones"
      etiqueta="Estado de las reservaciones"
      base="/reservaciones"
      pestanas={PESTANAS_RESERVACIONES}
      activa={pestana.slug}
    />
  );
}

export function ReservacionesLista() {
  return <EnConstruccion nivel={2} titulo="Lista de reservaciones" detalle="Aquí verás las reservaciones de la sucursal y su detalle." />;
}

export function ReservacionDetalle() {
  const { id = '' } = useParams();
  return <EnConstruccion nivel={2} titulo="Detalle de la reservación" detalle={`Reservación ${id}.`} />;
}
