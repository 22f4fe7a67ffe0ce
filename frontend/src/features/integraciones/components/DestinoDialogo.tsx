import { useRef, useState } from 'react';
import { CampoSelect, CampoTexto } from '@/components/ui/Campo';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { Esqueleto } from '@/components/ui/Esqueleto';
import { alRechazar, MensajeCampo } from '@/components/ui/formulario';
import { useEscribirIntegracion } from '../api/escribir-integracion';
import { useEventos } from '../api/get-eventos';
import { Casillas, CasillasSucursales } from './Casillas';
import type { Esquema } from '@/lib/api-client';

type Errores = Partial<Record<'name' | 'url' | 'eventos' | 'sucursales', string>>;
type Tipo = Esquema<'TipoDestino'>;

/** "Nuevo destino": where the group's changes are posted, which of them, and of which branches. */
export function DestinoDialogo({ alCerrar, alCrear }: { alCerrar: () => void; alCrear: (secreto: string) => void }) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('https://');
  const [tipo, setTipo] = useState<Tipo>('webhook');
  const [eventos, setEventos] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [errores, setErrores] = useState<Errores>({});
  const catalogo = useEventos();
  const escribir = useEscribirIntegracion();
  const nombre = useRef<HTMLInputElement>(null);
  const limpiar = (campo: keyof Errores) => setErrores((e) => ({ ...e, [campo]: undefined }));
  // The CRM receives its own set: clients, reservations and walk-ins.
  const elegidos = tipo === 'crm' ? (catalogo.data ?? []).filter((e) => e.crm).map((e) => e.name as string) : eventos;

  const guardar = () => {
    const datos = { name: name.trim(), url: url.trim(), tipo, eventos: elegidos, sucursales: tags };
    escribir.mutate(
      { tipo: 'crear-destino', datos },
      {
        onSuccess: ({ secreto }) => {
          if (secreto) alCrear(secreto);
        },
        onError: alRechazar(setErrores),
      },
    );
  };

  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo="Nuevo destino de webhooks"
      descripcion="Cada cambio elegido se envía firmado (Standard Webhooks) a esta dirección, en orden, y se reintenta hasta por tres días si no responde."
      ancho="sm:max-w-2xl"
      enfocar={nombre}
      sinGuardar={name !== '' || url !== 'https://' || eventos.length > 0 || tags.length > 0}
      acciones={
        <AccionesGuardar alCerrar={alCerrar} alGuardar={guardar} deshabilitado={name.trim() === ''} cargando={escribir.isPending}>
          Crear destino
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
          <CampoSelect etiqueta="Tipo" value={tipo} onChange={(e) => { setTipo(e.target.value as Tipo); limpiar('eventos'); }}>
            <option value="webhook">Webhook de otro sistema</option>
            <option value="crm">CRM del grupo</option>
          </CampoSelect>
        </div>
        <div className="sm:col-span-2">
          <CampoTexto etiqueta="Dirección (URL)" type="url" inputMode="url" value={url} autoComplete="off" spellCheck={false} invalid={Boolean(errores.url)} onChange={(e) => { setUrl(e.target.value); limpiar('url'); }} />
          <MensajeCampo nombre="url" mensaje={errores.url} />
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-stone-700">{tipo === 'crm' ? 'Eventos (los del CRM: clientes, reservaciones y walk-ins)' : 'Eventos'}</legend>
          {catalogo.isPending ? (
            <Esqueleto className="mt-2 h-24 w-full" />
          ) : (
            <Casillas
              opciones={(catalogo.data ?? []).map((e) => ({ valor: e.name as string, etiqueta: <>{e.descripcion} <span className="block font-mono text-xs text-stone-500">{e.name}</span></> }))}
              elegidas={elegidos}
              deshabilitado={tipo === 'crm'}
              alCambiar={(e) => { setEventos(e); limpiar('eventos'); }}
            />
          )}
          <MensajeCampo nombre="eventos" mensaje={errores.eventos} />
        </fieldset>
        <CasillasSucursales elegidas={tags} error={errores.sucursales} alCambiar={(t) => { setTags(t); limpiar('sucursales'); }} />
        <button type="submit" hidden />
      </form>
    </Dialogo>
  );
}
