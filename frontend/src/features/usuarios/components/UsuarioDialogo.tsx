import { Checkbox, Field, Label } from '@headlessui/react';
import { CheckIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { CampoSelect, CampoTexto } from '@/components/ui/Campo';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { iguales, MensajeCampo, rechazoDeCampo } from '@/components/ui/formulario';
import { Interruptor } from '@/components/ui/Interruptor';
import { validarClaveNueva, validarCorreo } from '@/lib/wasm';
import { useRoles } from '@/modulos/roles/api/get-roles';
import { useSucursalesUsuario } from '@/modulos/sucursales/api/get-sucursales-usuario';
import { useEscribirUsuario } from '../api/escribir-usuario';
import type { Esquema } from '@/lib/api-client';

type Errores = Partial<Record<'name' | 'email' | 'role' | 'tags' | 'password', string>>;

const inicial = (u: Esquema<'UsuarioAdmin'> | null) => ({
  name: u?.name ?? '',
  email: u?.email ?? '',
  role: u?.role._id ?? '',
  tags: [...(u?.tags ?? [])].sort(),
  active: u?.active ?? true,
});

/** Creates a user (with the initial password) or edits one (with its active switch). */
export function UsuarioDialogo({ usuario, abierto, alCerrar }: { usuario: Esquema<'UsuarioAdmin'> | null; abierto: boolean; alCerrar: () => void }) {
  const original = inicial(usuario);
  const [form, setForm] = useState(original);
  const [password, setPassword] = useState('');
  const [errores, setErrores] = useState<Errores>({});
  const roles = useRoles(abierto);
  const sucursales = useSucursalesUsuario(abierto);
  const escribir = useEscribirUsuario();
  const nuevo = usuario === null;
  const sinCambios = iguales(form, original) && (!nuevo || password === '');

  const cambiar = <K extends keyof typeof form>(campo: K, valor: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [campo]: valor }));
    setErrores((e) => ({ ...e, [campo]: undefined }));
  };

  const guardar = () => {
    const siguientes: Errores = {};
    const correo = validarCorreo(form.email);
    if ('error' in correo) siguientes.email = correo.error.mensaje;
    if (nuevo) {
      const clave = validarClaveNueva(password);
      if ('error' in clave) siguientes.password = clave.error.mensaje;
    }
    setErrores(siguientes);
    if (Object.keys(siguientes).length > 0) return;
    const email = 'ok' in correo && correo.ok !== null ? correo.ok : form.email;
    const datos: Esquema<'DatosUsuario'> = { name: form.name.trim(), email, role: form.role, tags: form.tags };
    const alTerminar = { onSuccess: alCerrar, onError: (e: unknown) => marcarRechazo(e) };
    if (nuevo) escribir.mutate({ tipo: 'crear', datos: { ...datos, password } }, alTerminar);
    else escribir.mutate({ tipo: 'editar', id: usuario._id, datos: { ...datos, active: form.active } }, alTerminar);
  };

  const marcarRechazo = (e: unknown) => {
    const r = rechazoDeCampo(e);
    if (r) setErrores((prev) => ({ ...prev, [r.campo]: r.mensaje }));
  };

  return (
    <Dialogo
      abierto={abierto}
      alCerrar={alCerrar}
      titulo={nuevo ? 'Nuevo usuario' : 'Editar usuario'}
      ancho="sm:max-w-xl"
      acciones={<AccionesGuardar alCerrar={alCerrar} alGuardar={guardar} deshabilitado={sinCambios} cargando={escribir.isPending}>{nuevo ? 'Crear usuario' : 'Guardar'}</AccionesGuardar>}
    >
      <form noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!sinCambios) guardar();
        }}
      >
        <div>
          <CampoTexto etiqueta="Nombre" value={form.name} onChange={(e) => cambiar('name', e.target.value)} autoComplete="off" invalid={Boolean(errores.name)} />
          <MensajeCampo nombre="name" mensaje={errores.name} />
        </div>
        <div>
          <CampoTexto etiqueta="Correo" type="email" value={form.email} onChange={(e) => cambiar('email', e.target.value)} autoComplete="off" invalid={Boolean(errores.email)} />
          <MensajeCampo nombre="email" mensaje={errores.email} />
        </div>
        <div>
          <CampoSelect etiqueta="Rol" value={form.role} onChange={(e) => cambiar('role', e.target.value)} invalid={Boolean(errores.role)}>
            <option value="" disabled>
              Elige un rol
            </option>
            {(roles.data ?? []).map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </CampoSelect>
          <MensajeCampo nombre="role" mensaje={errores.role} />
        </div>
        {nuevo ? (
          <div>
            <CampoTexto etiqueta="Contraseña inicial" type="password" value={password} onChange={(e) => { setPassword(e.target.value); setErrores((x) => ({ ...x, password: undefined })); }} autoComplete="new-password" invalid={Boolean(errores.password)} />
            <MensajeCampo nombre="password" mensaje={errores.password} />
          </div>
        ) : (
          <div className="self-end pb-1.5">
            <Interruptor etiqueta="Activo" valor={form.active} alCambiar={(v) => cambiar('active', v)} />
          </div>
        )}
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-stone-700">Sucursales</legend>
          {sucursales.isPending ? (
            <Esqueleto className="mt-2 h-16 w-full" />
          ) : (
            <div className="mt-2 grid max-h-48 gap-1 overflow-y-auto rounded-lg p-1 ring-1 ring-stone-200 sm:grid-cols-2">
              {(sucursales.data ?? []).map((s) => (
                <Field key={s.tag} className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 hover:bg-stone-50">
                  <Checkbox
                    checked={form.tags.includes(s.tag)}
                    onChange={(v) => cambiar('tags', (v ? [...form.tags, s.tag] : form.tags.filter((t) => t !== s.tag)).sort())}
                    className="group grid size-5 shrink-0 place-items-center rounded ring-1 ring-stone-400 ring-inset data-checked:bg-primary-700 data-checked:ring-primary-700 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-primary-600"
                  >
                    <CheckIcon aria-hidden className="size-4 text-white opacity-0 group-data-checked:opacity-100" />
                  </Checkbox>
                  <Label className="min-w-0 cursor-pointer text-sm text-stone-800">
                    {s.name} <span className="text-stone-500">· {s.marca.name}</span>
                  </Label>
                </Field>
              ))}
            </div>
          )}
          <MensajeCampo nombre="tags" mensaje={errores.tags} />
        </fieldset>
        <button type="submit" hidden />
      </form>
    </Dialogo>
  );
}
