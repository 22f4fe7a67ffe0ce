import { useState, type FormEvent } from 'react';
import { CampoSelect, CampoTexto } from '@/components/ui/Campo';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { alRechazar, iguales, MensajeCampo } from '@/components/ui/formulario';
import { Interruptor } from '@/components/ui/Interruptor';
import { validarAfiliado } from '@/lib/wasm';
import { useEscribirAfiliado } from '../api/escribir-afiliado';
import { TIPOS_AFILIADO } from '../periodo';
import type { Esquema } from '@/lib/api-client';

type Campo = keyof Omit<Esquema<'Afiliado'>, '_id'>;

const limpio = (d: Omit<Esquema<'Afiliado'>, '_id'>): Omit<Esquema<'Afiliado'>, '_id'> => ({ ...d, code: d.code.trim().toUpperCase(), name: d.name.trim(), contacto: d.contacto.trim() });

/** Creates or edits a partner: its code (what a reservation carries), name, kind, contact and state. */
export function AfiliadoDialogo({ afiliado, alCerrar }: { afiliado: Esquema<'Afiliado'> | null; alCerrar: () => void }) {
  const inicial: Omit<Esquema<'Afiliado'>, '_id'> = {
    code: afiliado?.code ?? '',
    name: afiliado?.name ?? '',
    tipo: afiliado?.tipo ?? 'Hotel',
    contacto: afiliado?.contacto ?? '',
    activo: afiliado?.activo ?? true,
  };
  const [f, setF] = useState<Omit<Esquema<'Afiliado'>, '_id'>>(inicial);
  const [errores, setErrores] = useState<Partial<Record<Campo, string>>>({});
  const escribir = useEscribirAfiliado();
  const sinCambios = iguales(limpio(f), limpio(inicial));
  const incompleto = !f.code.trim() || !f.name.trim();
  const poner = <K extends Campo>(campo: K, valor: Omit<Esquema<'Afiliado'>, '_id'>[K]) => {
    setF((a) => ({ ...a, [campo]: valor }));
    setErrores({});
  };
  const guardar = (e?: FormEvent) => {
    e?.preventDefault();
    if (sinCambios || incompleto) return;
    const revision = validarAfiliado(limpio(f));
    if ('error' in revision) {
      setErrores({ [(revision.error.campo as Campo | null) ?? 'code']: revision.error.mensaje });
      return;
    }
    const opciones = {
      onSuccess: alCerrar,
      onError: alRechazar(setErrores),
    };
    if (afiliado) escribir.mutate({ tipo: 'editar', id: afiliado._id, datos: limpio(f) }, opciones);
    else escribir.mutate({ tipo: 'crear', datos: limpio(f) }, opciones);
  };
  const texto = (campo: 'code' | 'name' | 'contacto', etiqueta: string, extra: Record<string, unknown> = {}) => (
    <div>
      <CampoTexto etiqueta={etiqueta} name={campo} autoComplete="off" value={f[campo]} invalid={Boolean(errores[campo])} onChange={(e) => poner(campo, e.target.value)} {...extra} />
      <MensajeCampo nombre={campo} mensaje={errores[campo]} />
    </div>
  );

  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo={afiliado ? `Editar ${afiliado.name}` : 'Nuevo afiliado'}
      ancho="sm:max-w-lg"
      acciones={<AccionesGuardar alCerrar={alCerrar} alGuardar={guardar} deshabilitado={sinCambios || incompleto} cargando={escribir.isPending}>{afiliado ? 'Guardar' : 'Crear afiliado'}</AccionesGuardar>}
    >
      <form noValidate onSubmit={guardar} className="space-y-4" aria-label="Afiliado">
        <div className="grid gap-4 sm:grid-cols-2">
          {texto('code', 'Código', { 'data-autofocus': true, spellCheck: false })}
          {texto('name', 'Nombre')}
        </div>
        <div>
          <CampoSelect etiqueta="Tipo" name="tipo" value={f.tipo} invalid={Boolean(errores.tipo)} onChange={(e) => poner('tipo', e.target.value as Omit<Esquema<'Afiliado'>, '_id'>['tipo'])}>
            {TIPOS_AFILIADO.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </CampoSelect>
          <MensajeCampo nombre="tipo" mensaje={errores.tipo} />
        </div>
        {texto('contacto', 'Contacto', { placeholder: 'Persona, correo o teléfono' })}
        <Interruptor etiqueta="Activo" descripcion="Inactivo, su código deja de aceptarse en las reservaciones nuevas." valor={f.activo} alCambiar={(v) => poner('activo', v)} />
        <button type="submit" hidden />
      </form>
    </Dialogo>
  );
}
