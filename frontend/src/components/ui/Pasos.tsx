import { CheckIcon } from '@heroicons/react/20/solid';

/**
 * Where a wizard stands: its steps in a row, the done ones ticked, the current one marked for
 * screen readers too. Below 600 px only the current step's name is spelled out.
 */
export function Pasos({ pasos, actual, etiqueta }: { pasos: readonly string[]; actual: number; etiqueta: string }) {
  return (
    <nav aria-label={etiqueta}>
      <ol className="flex items-center gap-2" role="list">
        {pasos.map((paso, i) => {
          const hecho = i < actual;
          const activo = i === actual;
          return (
            <li key={paso} className={`flex min-w-0 items-center gap-2 ${i < pasos.length - 1 ? 'flex-1' : ''}`}>
              <span
                aria-current={activo ? 'step' : undefined}
                data-paso={i}
                className="flex min-w-0 items-center gap-2"
              >
                <span
                  className={`grid size-7 shrink-0 place-items-center rounded-full text-xs font-bold ${
                    hecho ? 'bg-primary-700 text-white' : activo ? 'bg-primary-50 text-primary-800 ring-2 ring-primary-700' : 'bg-stone-100 text-stone-500'
                  }`}
                >
                  {hecho ? <CheckIcon aria-hidden className="size-4" /> : i + 1}
                </span>
                <span className={`truncate text-sm font-semibold ${activo ? 'text-stone-900' : 'hidden text-stone-500 sm:inline'}`}>{paso}</span>
              </span>
              {i < pasos.length - 1 && <span aria-hidden className={`h-px min-w-3 flex-1 ${hecho ? 'bg-primary-700' : 'bg-stone-200'}`} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
