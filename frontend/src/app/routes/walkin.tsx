import { Navigate, useParams } from 'react-router';
import { SeccionConPestanas } from '../../components/layouts/SeccionConPestanas';
import { EnConstruccion } from '../../components/ui/EnConstruccion';
import { pantalla, pestanaPara, pestanasPara, rutaPestanaInicial, type Pestana } from '../../config/pantallas';
import { useSesion } from '../../lib/use-session';
import { useTitulo } from '../../lib/use-titulo';
import type { Usuario } from '../../types/api';

const WALKIN = pantalla('walkin');

/** Spec §2: Registrar (needs walkin.index), Hoy, Todas — as the table of screens lists them. */
export const PESTANAS_WALKIN: readonly Pestana[] = WALKIN.pestanas?.lista ?? [];

/** The tabs this user may open. */
export function pestanasWalkin(usuario: Pick<Usuario, 'role'> | null): Pestana[] {
  return pestanasPara(WALKIN, usuario);
}

/**
 * The tab a slug opens for this user, or null when the slug is unknown or its tab is not theirs
 * (then /walkin/hoy, open to everyone, is shown instead).
 */
export function pestanaWalkin(slug: string | undefined, usuario: Pick<Usuario, 'role'> | null): Pestana | null {
  return pestanaPara(WALKIN, slug, usuario);
}

/** /walkin/:slug — the registration wizard (registrar) or the list with the selected record. */
export function Walkin() {
  const { slug } = useParams();
  const { usuario } = useSesion();
  const pestana = pestanaWalkin(slug, usuario);
  useTitulo(pestana ? `${WALKIN.titulo} · ${pestana.titulo}` : WALKIN.titulo);
  if (!pestana) return <Navigate to={rutaPestanaInicial(WALKIN)} replace />;
  return (
    <SeccionConPestanas
      titulo={WALKIN.titulo}
      etiqueta="Walk-in"
      base={WALKIN.ruta}
      pestanas={pestanasWalkin(usuario)}
      activa={pestana.slug}
    />
  );
}

export function WalkinContenido() {
  const { slug } = useParams();
  return slug === 'registrar' ? (
    <EnConstruccion nivel={2} titulo="Registrar walk-in" detalle="Asistente de cuatro pasos: Información Personal, Comanda, Abre, Imprimir." />
  ) : (
    <EnConstruccion nivel={2} titulo="Registros de walk-in" detalle="Aquí verás los walk-ins de la sucursal y su detalle." />
  );
}

export function WalkinDetalle() {
  const { id = '' } = useParams();
  return <EnConstruccion nivel={2} titulo="Detalle del walk-in" detalle={`Registro ${id}.`} />;
}
