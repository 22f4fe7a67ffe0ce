import { Navigate, useParams } from 'react-router';
import { SeccionConPestanas } from '../../components/layouts/SeccionConPestanas';
import { EnConstruccion } from '../../components/ui/EnConstruccion';
import { pantalla, pestanaPara, pestanasPara, rutaPestanaInicial } from '../../config/pantallas';
import { useSesion } from '../../lib/use-session';
import { useTitulo } from '../../lib/use-titulo';

const RESERVACIONES = pantalla('reservaciones');

/** /reservaciones/:slug — tabs over the list and the selected reservation (child :id). */
export function Reservaciones() {
  const { slug } = useParams();
  const { usuario } = useSesion();
  const pestana = pestanaPara(RESERVACIONES, slug, usuario);
  useTitulo(pestana ? `${RESERVACIONES.titulo} · ${pestana.titulo}` : RESERVACIONES.titulo);
  if (!pestana) return <Navigate to={rutaPestanaInicial(RESERVACIONES)} replace />;
  return (
    <SeccionConPestanas
      titulo={RESERVACIONES.titulo}
      etiqueta="Estado de las reservaciones"
      base={RESERVACIONES.ruta}
      pestanas={pestanasPara(RESERVACIONES, usuario)}
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
