import { Link } from 'react-router';
import { Logo } from './Logo';

const NOMBRE = {
  siempre: 'inline',
  'desde-600': 'hidden sm:inline',
  nunca: 'hidden',
} as const;

/**
 * The Anfitrión mark as a link home, as every bar shows it. `className` decides where the link
 * itself shows (e.g. only on some widths); `nombre` whether the name goes beside the logo.
 */
export function MarcaEnlace({
  to = '/',
  etiqueta = 'Anfitrión, ir al inicio',
  nombre = 'siempre',
  logo = 'size-9',
  className = 'flex',
}: {
  to?: string;
  etiqueta?: string;
  nombre?: keyof typeof NOMBRE;
  logo?: string;
  className?: string;
}) {
  return (
    <Link
      to={to}
      aria-label={etiqueta}
      className={`items-center gap-2.5 rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 ${className}`}
    >
      <Logo className={logo} />
      <span className={`${NOMBRE[nombre]} text-lg font-bold tracking-tight text-stone-900`}>Anfitrión</span>
    </Link>
  );
}
