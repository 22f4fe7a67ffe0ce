import {
  CloseButton,
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Input,
  Label,
  Popover,
  PopoverButton,
  PopoverPanel,
} from '@headlessui/react';
import { ChevronDownIcon, MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { useMemo, useState } from 'react';
import { buscarPaises, paisPorIso, type Pais } from '@/lib/paises';
import { useDiferido } from '@/lib/use-diferido';

/** The country search waits for a 250 ms pause in the typing. */
const PAUSA_BUSQUEDA_PAIS_MS = 250;

function ListaPaises({ pais, alElegir }: { pais: Pais; alElegir: (p: Pais) => void }) {
  const [texto, setTexto] = useState('');
  const q = useDiferido(texto, PAUSA_BUSQUEDA_PAIS_MS);
  const lista = useMemo(() => buscarPaises(q), [q]);
  return (
    <Combobox value={pais} onChange={(p: Pais | null) => p && alElegir(p)} by="iso">
      <div className="relative border-b border-stone-100 p-2">
        <MagnifyingGlassIcon aria-hidden className="pointer-events-none absolute top-1/2 left-5 size-5 -translate-y-1/2 text-stone-400" />
        <ComboboxInput
          autoFocus
          aria-label="Buscar país"
          placeholder="Buscar país o código"
          autoComplete="off"
          displayValue={() => texto}
          onChange={(e) => setTexto(e.target.value)}
          className="block h-11 w-full rounded-lg border-0 bg-stone-100 pr-3 pl-10 text-base text-stone-900 placeholder:text-stone-500 focus:bg-white focus:outline-none data-focus:ring-2 data-focus:ring-primary-600 sm:text-sm"
        />
      </div>
      <ComboboxOptions static className="max-h-64 overflow-y-auto p-1 focus:outline-none" aria-label="Países">
        {lista.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-stone-500">Sin coincidencias</p>
        ) : (
          lista.map((p) => (
            <ComboboxOption
              key={p.iso}
              value={p}
              data-pais={p.iso}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 text-sm text-stone-800 data-focus:bg-primary-50 data-selected:font-semibold"
            >
              <span className="w-7 text-xs font-semibold text-stone-500">{p.iso}</span>
              <span className="flex-1 truncate">{p.nombre}</span>
              <span className="text-stone-500 tabular-nums">+{p.codigo}</span>
            </ComboboxOption>
          ))
        )}
      </ComboboxOptions>
    </Combobox>
  );
}

/**
 * A phone number: the country (Mexico unless changed) sets the calling code, which is shown and
 * never typed; the box takes the digits after it. The caller keeps them within core's limits.
 */
export function CampoTelefono({
  etiqueta,
  pais,
  alCambiarPais,
  local,
  alCambiarLocal,
}: {
  etiqueta: string;
  /** ISO code of the country. */
  pais: string;
  alCambiarPais: (iso: string) => void;
  /** The digits after the calling code. */
  local: string;
  alCambiarLocal: (digitos: string) => void;
}) {
  const actual = paisPorIso(pais);
  return (
    <Field className="space-y-1.5">
      <Label className="block text-sm font-medium text-stone-700">{etiqueta}</Label>
      <div className="flex rounded-lg bg-white shadow-sm ring-1 ring-stone-300 focus-within:ring-2 focus-within:ring-primary-600">
        <Popover className="relative">
          <PopoverButton
            aria-label={`País: ${actual.nombre} (+${actual.codigo})`}
            className="flex h-full min-h-11 items-center gap-1.5 rounded-l-lg border-r border-stone-200 bg-stone-50 px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100 focus:outline-none data-focus:ring-2 data-focus:ring-primary-600 data-focus:ring-inset"
          >
            <span className="text-xs text-stone-500">{actual.iso}</span>
            <span className="tabular-nums" data-campo="codigo-pais">
              +{actual.codigo}
            </span>
            <ChevronDownIcon aria-hidden className="size-4 text-stone-400" />
          </PopoverButton>
          <PopoverPanel
            anchor={{ to: 'bottom start', gap: 6 }}
            className="z-[60] w-80 rounded-xl bg-white shadow-xl ring-1 ring-stone-900/10 focus:outline-none"
          >
            {({ close }) => (
              <>
                <ListaPaises
                  pais={actual}
                  alElegir={(p) => {
                    alCambiarPais(p.iso);
                    close();
                  }}
                />
                <div className="border-t border-stone-100 p-2 text-right">
                  <CloseButton className="rounded-md px-3 py-2 text-sm font-semibold text-stone-600 hover:bg-stone-100">Cerrar</CloseButton>
                </div>
              </>
            )}
          </PopoverPanel>
        </Popover>
        <Input
          type="tel"
          name="phone"
          inputMode="tel"
          autoComplete="tel-national"
          value={local}
          onChange={(e) => alCambiarLocal(e.target.value)}
          className="block w-full min-w-0 rounded-r-lg border-0 bg-white px-3.5 py-2.5 text-base text-stone-900 tabular-nums placeholder:text-stone-400 focus:outline-none"
        />
      </div>
    </Field>
  );
}
