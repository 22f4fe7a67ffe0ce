import { Link } from 'react-router';

export interface Pestana {
  ruta: string;
  titulo: string;
  activa: boolean;
}

/** A row of tabs that are links (each tab is its own URL), scrollable on narrow screens. */
export function Pestanas({ pestanas, etiqueta }: { pestanas: Pestana[]; etiqueta: string }) {
  return (
    <nav aria-label={etiqueta} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-stone-200" role="list">
        {pestanas.map((p) => (
          <li key={p.ruta}>
            <Link
              to={p.ruta}
              aria-current={p.activa ? 'page' : undefined}
              className={`-mb-px inline-block border-b-2 px-4 py-2.5 text-sm font-semibold transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 ${
                p.activa ? 'border-primary-700 text-primary-800' : 'border-transparent text-stone-500 hover:border-stone-300 hover:text-stone-800'
              }`}
            >
              {p.titulo}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
