import { Checkbox, Field, Label } from '@headlessui/react';
import { CheckIcon } from '@heroicons/react/20/solid';
import type { ReactNode } from 'react';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { MensajeCampo } from '@/components/ui/formulario';
import { useSucursalesUsuario } from '@/modulos/sucursales/api/get-sucursales-usuario';

const CAJA =
  'group grid size-5 shrink-0 place-items-center rounded ring-1 ring-stone-400 ring-inset data-checked:bg-primary-700 data-checked:ring-primary-700 data-disabled:opacity-60 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-primary-600';

/** A set of choices as checkboxes in a bordered box, two columns from tablets up; a row is its label. */
export function Casillas<T extends string>({
  opciones,
  elegidas,
  alCambiar,
  deshabilitado = false,
}: {
  opciones: readonly { valor: T; etiqueta: ReactNode }[];
  elegidas: readonly T[];
  alCambiar: (elegidas: T[]) => void;
  deshabilitado?: boolean;
}) {
  return (
    <div className="mt-2 grid max-h-56 gap-1 overflow-y-auto rounded-lg p-1 ring-1 ring-stone-200 sm:grid-cols-2">
      {opciones.map((o) => (
        <Field key={o.valor} disabled={deshabilitado} className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 hover:bg-stone-50 data-disabled:cursor-default">
          <Checkbox
            checked={elegidas.includes(o.valor)}
            onChange={(v) => alCambiar(v ? [...elegidas, o.valor] : elegidas.filter((e) => e !== o.valor))}
            className={CAJA}
          >
            <CheckIcon aria-hidden className="size-4 text-white opacity-0 group-data-checked:opacity-100" />
          </Checkbox>
          <Label className="min-w-0 cursor-pointer text-sm text-stone-800">{o.etiqueta}</Label>
        </Field>
      ))}
    </div>
  );
}

/** "Sucursales": the signed-in user's branches as checkboxes, by tag, with the field's message. */
export function CasillasSucursales({ elegidas, alCambiar, error }: { elegidas: string[]; alCambiar: (tags: string[]) => void; error?: string }) {
  const sucursales = useSucursalesUsuario();
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-stone-700">Sucursales</legend>
      {sucursales.isPending ? (
        <Esqueleto className="mt-2 h-16 w-full" />
      ) : (
        <Casillas
          opciones={(sucursales.data ?? []).map((s) => ({ valor: s.tag, etiqueta: <>{s.name} <span className="text-stone-500">· {s.marca.name}</span></> }))}
          elegidas={elegidas}
          alCambiar={(t) => alCambiar(t.sort())}
        />
      )}
      <MensajeCampo nombre="sucursales" mensaje={error} />
    </fieldset>
  );
}
