import { Navigate, useParams } from 'react-router';
import { SeccionConPestanas } from '../../components/layouts/SeccionConPestanas';
import { EnConstruccion } from '../../components/ui/EnConstruccion';
import { tienePermiso } from '../../lib/session';
import { useSesion } from '../../lib/use-session';
import { useTitulo } from '../../lib/use-titulo';
import type { Usuario } from '../../types/api';

/** Spec §2: Registrar (needs walkin.index), Hoy, Todas. */
export const PESTANAS_WALKIN = [
  { slug: 'registrar', titulo: 'Registrar', permiso: 'walkin.index' },
  { slug: 'hoy', titulo: 'Hoy', permiso: null },
  { slug: 'todas', titulo: 'Todas', permiso: null },
] as const;

type PestanaWalkin = (typeof PESTANAS_WALKIN)[number];

/** The tabs this user may open. */
export function pestanasWalkin(usuario: Pick<Usuario, 'role'> | null): PestanaWalkin[] {
  return PESTANAS_WALKIN.filter((p) => p.permiso === null || tienePermiso(usuario, p.permiso));
}

/**
 * The tab a slug opens for this user, or null when the slug is unknown or its tab is not theirs
 * (then /walkin/hoy, open to everyone, is shown instead).
 */
export function pestanaWalkin(slug: string | undefined, usuario: Pick<Usuario, 'role'> | null): PestanaWalkin | null {
  return pestanasWalkin(usuario).find((p) => p.slug === slug) ?? null;
}

/** /walkin/:slug — the registration wizard (registrar) or the list with the selected record. */
export function Walkin() {
  const { slug } = useParams();
  const { usuario } = useSesion();
  const pestana = pestanaWalkin(slug, usuario);
  useTitulo(pestana ? `Walk-in · ${pestana.titulo}` : 'Walk-in');
  if (!pestana) return <Navigate to="/walkin/hoy" replace />;
  return (
    <SeccionConPestanas
      titulo="Walk-in"
      etiqueta="Walk-in"
      base="/walkin"
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
