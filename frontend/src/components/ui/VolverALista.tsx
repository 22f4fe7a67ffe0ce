import { ArrowLeftIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';

/** On a phone the list and the detail do not fit side by side: the detail offers a way back. */
export function VolverALista({ a }: { a: string }) {
  return (
    <div className="border-b border-stone-100 px-3 py-2 sm:hidden">
      <Link
        to={a}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-primary-800 hover:bg-primary-50"
      >
        <ArrowLeftIcon aria-hidden className="size-4" />
        Volver a la lista
      </Link>
    </div>
  );
}
