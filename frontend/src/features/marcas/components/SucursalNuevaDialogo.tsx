import { useState } from 'react';
import { CampoSelect, CampoTexto } from '@/components/ui/Campo';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { alRechazar, MensajeCampo } from '@/components/ui/formulario';
import { useEscribirSucursal } from '../api/escribir-sucursal';
import { zonasPara } from '../sucursal';
import type { Esquema } from '@/lib/api-client';

type Errores = Partial<Record<'tag' | 'name' | 'zona' | 'direccion' | 'telefono', string>>;

/** A new branch of a brand; its schedule and tables are set once it exists. */
export function SucursalNuevaDialogo({ marca, alCerrar, alCrear }: { marca: string; alCerrar: () => void; alCrear: (s: Esquema<'Sucursal'>) => void }) {
  const [form, setForm] = useState({ tag: '', name: '', zona: 'America/Mexico_City', direccion: '', telefono: '' });
  const [errores, setErrores] = useState<Errores>({});
  const escribir = useEscribirSucursal();
  const campo = (c: keyof typeof form) => ({
    value: form[c],
    invalid: Boolean(errores[c]),
    autoComplete: 'off',
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [c]: e.target.value }));
      setErrores((x) => ({ ...x, [c]: undefined }));
    },
  });
  const vacio = form.tag.trim() === '' && form.name.trim() === '';
  const crear = () =>
    escribir.mutate(
      {
        tipo: 'crear',
        datos: { marca, tag: form.tag.trim(), name: form.name.trim(), zona: form.zona, direccion: form.direccion.trim() || null, telefono: form.telefono.trim() || null },
      },
      {
        onSuccess: ({ data }) => alCrear(data),
        onError: alRechazar(setErrores),
      },
    );
  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo="Nueva sucursal"
      ancho="sm:max-w-xl"
      acciones={<AccionesGuardar alCerrar={alCerrar} alGuardar={crear} deshabilitado={vacio} cargando={escribir.isPending}>Crear sucursal</AccionesGuardar>}
    >
      <form noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!vacio) crear();
        }}
      >
        <div>
          <CampoTexto etiqueta="Clave (tag)" {...campo('tag')} autoFocus />
          <MensajeCampo nombre="tag" mensaje={errores.tag} />
        </div>
        <div>
          <CampoTexto etiqueta="Nombre" {...campo('name')} />
          <MensajeCampo nombre="name" mensaje={errores.name} />
        </div>
        <div>
          <CampoSelect etiqueta="Zona horaria" {...campo('zona')}>
            {zonasPara(null).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </CampoSelect>
          <MensajeCampo nombre="zona" mensaje={errores.zona} />
        </div>
        <div>
          <CampoTexto etiqueta="Teléfono" type="tel" {...campo('telefono')} />
          <MensajeCampo nombre="telefono" mensaje={errores.telefono} />
        </div>
        <div className="sm:col-span-2">
          <CampoTexto etiqueta="Dirección" {...campo('direccion')} />
          <MensajeCampo nombre="direccion" mensaje={errores.direccion} />
        </div>
        <button type="submit" hidden />
      </form>
    </Dialogo>
  );
}
