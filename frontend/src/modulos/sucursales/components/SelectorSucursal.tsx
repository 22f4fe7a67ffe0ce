import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { BuildingStorefrontIcon, CheckIcon, ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { guardarSucursal } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { PANEL_FLOTANTE } from '@/components/ui/flotante';
import { useSucursalesUsuario } from '../api/get-sucursales-usuario';
import type { Esquema } from '@/lib/api-client';

const SIN_SUCURSALES: Esquema<'SucursalResumen'>[] = [];

/**
 * The current branch. Lists only the user's branches; choosing one stores its tag under
 * `sucursal` and invalidates every query so each screen reloads for it.
 */
export function SelectorSucursal() {
  const { usuario, sucursal } = useSesion();
  const queryClient = useQueryClient();
  const consulta = useSucursalesUsuario(Boolean(usuario));
  // The server answers exactly the branches of the user's tags.
  const opciones = consulta.data ?? SIN_SUCURSALES;
  const actual = opciones.find((s) => s.tag === sucursal) ?? null;

  // A stored tag that is not (or no longer) the user's falls back to their first branch.
  useEffect(() => {
    const primera = opciones[0];
    if (primera && !actual) guardarSucursal(primera.tag);
  }, [opciones, actual]);

  function cambiar(tag: string) {
    if (tag === sucursal) return;
    guardarSucursal(tag);
    void queryClient.invalidateQueries();
  }

  return (
    <Listbox value={actual?.tag ?? ''} onChange={cambiar} disabled={opciones.length === 0}>
      <div className="relative">
        <ListboxButton
          aria-label="Sucursal actual"
          data-testid="selector-sucursal"
          className="flex min-h-11 w-44 items-center gap-2 rounded-lg bg-white px-3 py-2 text-left text-sm text-stone-800 ring-1 ring-stone-300 ring-inset hover:bg-stone-50 focus:outline-none data-disabled:opacity-60 data-focus:ring-2 data-focus:ring-primary-600 sm:w-56 lg:w-auto lg:max-w-md lg:min-w-56"
        >
          <BuildingStorefrontIcon aria-hidden className="size-4 shrink-0 text-primary-700" />
          {/* From 1200 px the button grows to the whole name; narrower, the name is cut but titled. */}
          <span className="min-w-0 flex-1 truncate" title={actual?.name}>
            {actual ? actual.name : consulta.isPending ? 'Cargando sucursales…' : 'Sin sucursal'}
          </span>
          <ChevronUpDownIcon aria-hidden className="size-4 shrink-0 text-stone-400" />
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: 'bottom end', gap: 6 }}
          transition
          className={`${PANEL_FLOTANTE} w-(--button-width) min-w-64 rounded-xl p-1`}
        >
          {opciones.map((s) => (
            <ListboxOption
              key={s.tag}
              value={s.tag}
              data-tag={s.tag}
              className="group flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm select-none data-focus:bg-primary-50"
            >
              <CheckIcon aria-hidden className="invisible size-4 text-primary-700 group-data-selected:visible" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-stone-900">{s.name}</span>
                {s.marca?.name && <span className="block truncate text-xs text-stone-500">{s.marca.name}</span>}
              </span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </div>
    </Listbox>
  );
}
