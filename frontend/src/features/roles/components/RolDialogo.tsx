import { Checkbox, Field, Label } from '@headlessui/react';
import { CheckIcon, MinusIcon } from '@heroicons/react/20/solid';
import { useId, useMemo, useState } from 'react';
import { CampoSelect, CampoTexto } from '@/components/ui/Campo';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { alRechazar, MensajeCampo } from '@/components/ui/formulario';
import { useEscribirRol } from '../api/escribir-rol';
import { useInicios } from '../api/get-inicios';
import { usePermisos } from '../api/get-permisos';
import { agruparPorArea, alternar, estadoGrupo, mismosPermisos, revisarPermisos } from '../permisos';
import type { Esquema } from '@/lib/api-client';

const CAJA =
  'group grid size-5 shrink-0 place-items-center rounded ring-1 ring-stone-400 ring-inset data-checked:bg-primary-700 data-checked:ring-primary-700 data-indeterminate:bg-primary-700 data-indeterminate:ring-primary-700 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-primary-600';

/** A permission's own box: a native checkbox drawn as CAJA, so that its whole row is its label. */
const CAJA_NATIVA =
  'peer size-5 cursor-pointer appearance-none rounded ring-1 ring-stone-400 ring-inset checked:bg-primary-700 checked:ring-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';

/** Creates or edits a role: its name and its permissions, grouped by area. */
export function RolDialogo({ rol, alCerrar }: { rol: Esquema<'RolAdmin'> | null; alCerrar: () => void }) {
  const originales = useMemo(() => rol?.permissions.map((p) => p.name as string) ?? [], [rol]);
  const [nombre, setNombre] = useState(rol?.name ?? '');
  const [seleccion, setSeleccion] = useState<string[]>(originales);
  const [inicio, setInicio] = useState(rol?.inicio ?? '');
  const [errores, setErrores] = useState<Partial<Record<'name' | 'permissions' | 'inicio', string>>>({});
  const catalogo = usePermisos();
  const inicios = useInicios();
  const escribir = useEscribirRol();
  const grupos = useMemo(() => agruparPorArea(catalogo.data ?? []), [catalogo.data]);
  const sinCambios = nombre === (rol?.name ?? '') && mismosPermisos(seleccion, originales) && inicio === (rol?.inicio ?? '');
  const uid = useId();
  const elegir = (cambio: (s: string[]) => string[]) => {
    setSeleccion(cambio);
    setErrores((e) => ({ ...e, permissions: undefined, inicio: undefined }));
  };

  const guardar = () => {
    // A role that allows nothing is refused here, before anything is sent.
    const falta = revisarPermisos(seleccion);
    if (falta) {
      setErrores({ permissions: falta });
      return;
    }
    const datos = { name: nombre.trim(), permissions: seleccion, inicio: inicio || null };
    const opciones = {
      onSuccess: alCerrar,
      onError: alRechazar(setErrores),
    };
    if (rol) escribir.mutate({ tipo: 'editar', id: rol._id, datos }, opciones);
    else escribir.mutate({ tipo: 'crear', datos }, opciones);
  };

  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo={rol ? `Editar rol ${rol.name}` : 'Nuevo rol'}
      descripcion={rol ? `${rol.usuarios} ${rol.usuarios === 1 ? 'usuario tiene' : 'usuarios tienen'} este rol.` : undefined}
      ancho="sm:max-w-3xl"
      acciones={<AccionesGuardar alCerrar={alCerrar} alGuardar={guardar} deshabilitado={sinCambios} cargando={escribir.isPending}>{rol ? 'Guardar' : 'Crear rol'}</AccionesGuardar>}
    >
      <div className="space-y-4">
        <div className="max-w-sm">
          <CampoTexto etiqueta="Nombre del rol" value={nombre} autoComplete="off" invalid={Boolean(errores.name)} onChange={(e) => { setNombre(e.target.value); setErrores({}); }} />
          <MensajeCampo nombre="name" mensaje={errores.name} />
        </div>
        <div className="max-w-sm">
          <CampoSelect
            etiqueta="Pantalla de inicio"
            name="inicio"
            value={inicio}
            invalid={Boolean(errores.inicio)}
            onChange={(e) => {
              setInicio(e.target.value);
              setErrores((x) => ({ ...x, inicio: undefined }));
            }}
          >
            <option value="">Según el nombre del rol</option>
            {(inicios.data ?? []).map((i) => {
              const abre = i.permisos.some((p) => seleccion.includes(p));
              return (
                <option key={i.ruta} value={i.ruta} disabled={!abre && i.ruta !== inicio}>
                  {abre ? i.titulo : `${i.titulo} (sin permiso)`}
                </option>
              );
            })}
          </CampoSelect>
          <p className="mt-1 text-xs text-stone-500">Donde entran sus usuarios al iniciar sesión; solo las pantallas que el rol puede abrir.</p>
          <MensajeCampo nombre="inicio" mensaje={errores.inicio} />
        </div>
        <div>
          <p className="text-sm font-medium text-stone-700">
            Permisos <span className="font-normal text-stone-500 tabular-nums">({seleccion.length} de {catalogo.data?.length ?? 0})</span>
          </p>
          <MensajeCampo nombre="permissions" mensaje={errores.permissions} />
          {catalogo.isPending ? (
            <Esqueleto className="mt-2 h-64 w-full" />
          ) : (
            <div className="mt-2 max-h-[55vh] space-y-3 overflow-y-auto pr-1">
              {grupos.map((g) => {
                const estado = estadoGrupo(seleccion, g);
                return (
                  <fieldset key={g.area} className="rounded-lg ring-1 ring-stone-200">
                    <Field className="flex items-center gap-2 border-b border-stone-100 bg-stone-50 px-3 py-2">
                      <Checkbox
                        checked={estado === 'todos'}
                        indeterminate={estado === 'algunos'}
                        onChange={(v) => elegir((s) => g.permisos.reduce((acc, p) => alternar(acc, p.name, v), s))}
                        className={CAJA}
                      >
                        {estado === 'algunos' ? (
                          <MinusIcon aria-hidden className="size-4 text-white" />
                        ) : (
                          <CheckIcon aria-hidden className="size-4 text-white opacity-0 group-data-checked:opacity-100" />
                        )}
                      </Checkbox>
                      <Label as="legend" className="cursor-pointer text-sm font-semibold text-stone-800">
                        {g.area}
                      </Label>
                    </Field>
                    <div className="grid gap-x-4 sm:grid-cols-2">
                      {g.permisos.map((p) => (
                        // The whole row is the box's label: its description, its code, the space around them.
                        <label key={p.name} className="flex cursor-pointer items-start gap-2 px-3 py-1.5 hover:bg-stone-50">
                          <span className="relative mt-0.5 grid size-5 shrink-0 place-items-center">
                            <input
                              type="checkbox"
                              checked={seleccion.includes(p.name)}
                              onChange={(e) => {
                                const activo = e.target.checked;
                                elegir((s) => alternar(s, p.name, activo));
                              }}
                              className={CAJA_NATIVA}
                              aria-labelledby={`${uid}-${p.name}-nombre`}
                              aria-describedby={`${uid}-${p.name}-codigo`}
                              data-permiso={p.name}
                            />
                            <CheckIcon aria-hidden className="pointer-events-none absolute size-4 text-white opacity-0 peer-checked:opacity-100" />
                          </span>
                          <span className="min-w-0">
                            <span id={`${uid}-${p.name}-nombre`} className="block text-sm text-stone-800" data-campo="descripcion">
                              {p.descripcion}
                            </span>
                            <span id={`${uid}-${p.name}-codigo`} className="block font-mono text-xs text-stone-400">
                              {p.name}
                            </span>
                          </span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                );
              })}
            </div>
          )}
        </div>
      </div>
    </Dialogo>
  );
}
