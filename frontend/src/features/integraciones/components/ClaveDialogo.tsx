import { useRef, useState } from 'react';
import { CampoSelect, CampoTexto } from '@/components/ui/Campo';
import { CampoFecha } from '@/components/ui/CampoFecha';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { alRechazar, MensajeCampo } from '@/components/ui/formulario';
import { diaEn } from '@/lib/formato';
import { ahora } from '@/lib/reloj';
import { useRoles } from '@/modulos/roles/api/get-roles';
import { useEscribirIntegracion } from '../api/escribir-integracion';
import { CasillasSucursales } from './Casillas';

type Errores = Partial<Record<'name' | 'role' | 'sucursales' | 'expira', string>>;

/** The end of `fecha` (YYYY-MM-DD) on this device's clock, as an instant: a key works through that day. */
const finDelDia = (fecha: string) => new Date(`${fecha}T23:59:59`).toISOString();

/** "Nueva clave": a name, the role whose permissions it holds, its branches and an optional expiry. */
export function ClaveDialogo({ alCerrar, alCrear }: { alCerrar: () => void; alCrear: (secreto: string) => void }) {
  const [name, setName] = useState('');
  const [rol, setRol] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [expira, setExpira] = useState('');
  const [errores, setErrores] = useState<Errores>({});
  const roles = useRoles();
  const escribir = useEscribirIntegracion();
  const nombre = useRef<HTMLInputElement>(null);
  const limpiar = (campo: keyof Errores) => setErrores((e) => ({ ...e, [campo]: undefined }));

  const guardar = () => {
    const datos = { name: name.trim(), rol_id: rol, sucursales: tags, expira: expira ? finDelDia(expira) : null };
    escribir.mutate(
      { tipo: 'crear-clave', datos },
      {
        onSuccess: ({ secreto }) => {
          if (secreto) alCrear(secreto);
        },
        onError: alRechazar((e) => setErrores(e.rol_id ? { ...e, role: e.rol_id } : e)),
      },
    );
  };

  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo="Nueva clave de integración"
      descripcion="Otro sistema (un CRM, un punto de venta, un canal de reservaciones) llama a la API con ella: con los permisos del rol y solo en las sucursales que elijas."
      ancho="sm:max-w-2xl"
      enfocar={nombre}
      sinGuardar={name !== '' || rol !== '' || tags.length > 0}
      acciones={
        <AccionesGuardar alCerrar={alCerrar} alGuardar={guardar} deshabilitado={name.trim() === ''} cargando={escribir.isPending}>
          Crear clave
        </AccionesGuardar>
      }
    >
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          guardar();
        }}
      >
        <div>
          <CampoTexto ref={nombre} etiqueta="Nombre" placeholder="CRM Central" value={name} autoComplete="off" invalid={Boolean(errores.name)} onChange={(e) => { setName(e.target.value); limpiar('name'); }} />
          <MensajeCampo nombre="name" mensaje={errores.name} />
        </div>
        <div>
          <CampoSelect etiqueta="Rol (sus permisos son los de la clave)" value={rol} invalid={Boolean(errores.role)} onChange={(e) => { setRol(e.target.value); limpiar('role'); }}>
            <option value="">Elige un rol</option>
            {roles.data?.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </CampoSelect>
          <MensajeCampo nombre="role" mensaje={errores.role} />
        </div>
        <CasillasSucursales elegidas={tags} error={errores.sucursales} alCambiar={(t) => { setTags(t); limpiar('sucursales'); }} />
        <div>
          <CampoFecha etiqueta="Vence (opcional)" value={expira} min={diaEn(ahora())} onChange={(f) => { setExpira(f); limpiar('expira'); }} invalid={Boolean(errores.expira)} />
          <MensajeCampo nombre="expira" mensaje={errores.expira} />
        </div>
        <p className="self-end pb-2 text-sm text-stone-500">Sin fecha, funciona hasta que la revoques. Las cuentas, los roles y las claves nunca son de una clave.</p>
        <button type="submit" hidden />
      </form>
    </Dialogo>
  );
}
