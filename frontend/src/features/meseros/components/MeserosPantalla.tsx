import { Field, Input, Label } from '@headlessui/react';
import { ArrowPathIcon, NoSymbolIcon, PencilSquareIcon, PlusIcon } from '@heroicons/react/20/solid';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { CampoTexto, ESTILO_CAMPO } from '@/components/ui/Campo';
import { Confirmacion } from '@/components/ui/Confirmacion';
import { AccionesGuardar, Dialogo } from '@/components/ui/Dialogo';
import { MensajeCampo, rechazoDeCampo, TABLA } from '@/components/ui/formulario';
import { Insignia } from '@/components/ui/Insignia';
import { BotonIcono, FilaMensaje, FilasCargando, PantallaAdmin, TablaAdmin, ThAcciones, usePuede } from '@/components/ui/PantallaAdmin';
import { useTitulo } from '@/lib/use-titulo';
import { useMeseros } from '@/modulos/meseros/api/get-meseros';
import { useEscribirMesero } from '../api/escribir-mesero';
import type { Esquema } from '@/lib/api-client';

type Abierto = { tipo: 'renombrar' | 'desactivar' | 'reactivar'; mesero: Esquema<'MeseroRef'> } | null;

/** /meseros: the current branch's waiters; added inline, renamed in a dialog, (de)activated after asking. */
export function MeserosPantalla() {
  useTitulo('Meseros');
  const lista = useMeseros(true);
  const escribir = useEscribirMesero();
  const [abierto, setAbierto] = useState<Abierto>(null);
  const puede = usePuede('meseros');
  const activos = lista.data?.filter((m) => m.activo).length ?? 0;

  return (
    <PantallaAdmin titulo="Meseros" descripcion="Los meseros activos aparecen en la comanda de walk-in y de asistencia." className="max-w-3xl">
      {puede.crear && <NuevoMesero />}
      <TablaAdmin
        etiqueta="Meseros de la sucursal"
        encabezados={
          <>
            <th scope="col" className={TABLA.th}>Nombre</th>
            <th scope="col" className={TABLA.th}>Estado</th>
            <ThAcciones />
          </>
        }
      >
        {lista.isPending && <FilasCargando filas={4} columnas={3} />}
        {lista.data?.length === 0 && <FilaMensaje columnas={3}>Esta sucursal aún no tiene meseros.</FilaMensaje>}
        {lista.data?.map((m) => (
          <tr key={m._id} className={TABLA.fila} data-mesero={m.name}>
            <td className={`${TABLA.td} font-medium ${m.activo ? 'text-stone-900' : 'text-stone-400'}`}>{m.name}</td>
            <td className={TABLA.td}>{m.activo ? <Insignia tono="exito">Activo</Insignia> : <Insignia>Inactivo</Insignia>}</td>
            <td className={`${TABLA.td} text-right whitespace-nowrap`}>
              <div className="inline-flex gap-0.5">
                {puede.editar && (
                  <BotonIcono icono={PencilSquareIcon} titulo="Renombrar" etiqueta={`Renombrar a ${m.name}`} alPulsar={() => setAbierto({ tipo: 'renombrar', mesero: m })} />
                )}
                {puede.borrar && m.activo && (
                  <BotonIcono icono={NoSymbolIcon} titulo="Desactivar" etiqueta={`Desactivar a ${m.name}`} peligro alPulsar={() => setAbierto({ tipo: 'desactivar', mesero: m })} />
                )}
                {puede.editar && !m.activo && (
                  <BotonIcono icono={ArrowPathIcon} titulo="Reactivar" etiqueta={`Reactivar a ${m.name}`} alPulsar={() => setAbierto({ tipo: 'reactivar', mesero: m })} />
                )}
              </div>
            </td>
          </tr>
        ))}
      </TablaAdmin>
      {lista.data && lista.data.length > 0 && (
        <p className="text-sm text-stone-500 tabular-nums">
          {activos} {activos === 1 ? 'activo' : 'activos'} de {lista.data.length}
        </p>
      )}

      {abierto?.tipo === 'renombrar' && <RenombrarDialogo key={abierto.mesero._id} mesero={abierto.mesero} alCerrar={() => setAbierto(null)} />}
      {(abierto?.tipo === 'desactivar' || abierto?.tipo === 'reactivar') && (
        <Confirmacion
          abierto
          alCerrar={() => setAbierto(null)}
          titulo={abierto.tipo === 'desactivar' ? 'Desactivar mesero' : 'Reactivar mesero'}
          descripcion={
            abierto.tipo === 'desactivar'
              ? `${abierto.mesero.name} ya no aparecerá en las comandas nuevas; las comandas anteriores conservan su nombre.`
              : `${abierto.mesero.name} volverá a aparecer en las comandas nuevas.`
          }
          confirmar={abierto.tipo === 'desactivar' ? 'Desactivar' : 'Reactivar'}
          cargando={escribir.isPending}
          alConfirmar={() =>
            escribir.mutate({ tipo: 'activar', id: abierto.mesero._id, activo: abierto.tipo === 'reactivar' }, { onSettled: () => setAbierto(null) })
          }
        />
      )}
    </PantallaAdmin>
  );
}

/** The inline add row: a name and Agregar; Enter adds too. */
function NuevoMesero() {
  const [nombre, setNombre] = useState('');
  const [error, setError] = useState<string | null>(null);
  const escribir = useEscribirMesero();
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!nombre.trim()) return;
    escribir.mutate(
      { tipo: 'crear', name: nombre.trim() },
      {
        onSuccess: () => setNombre(''),
        onError: (err) => setError(rechazoDeCampo(err)?.mensaje ?? null),
      },
    );
  };
  return (
    <form noValidate onSubmit={enviar} aria-label="Agregar mesero">
      <Field className="space-y-1.5">
        <Label className="block text-sm font-medium text-stone-700">Nuevo mesero</Label>
        <div className="flex items-stretch gap-2 sm:max-w-md">
          <Input
            name="name"
            placeholder="Nombre y apellido"
            autoComplete="off"
            value={nombre}
            invalid={Boolean(error)}
            onChange={(e) => {
              setNombre(e.target.value);
              setError(null);
            }}
            className={`${ESTILO_CAMPO} min-w-0 flex-1`}
          />
          <Button type="submit" disabled={!nombre.trim()} cargando={escribir.isPending} className="shrink-0">
            <PlusIcon aria-hidden className="size-5" />
            Agregar
          </Button>
        </div>
      </Field>
      <MensajeCampo nombre="name" mensaje={error} />
    </form>
  );
}

function RenombrarDialogo({ mesero, alCerrar }: { mesero: Esquema<'MeseroRef'>; alCerrar: () => void }) {
  const [nombre, setNombre] = useState(mesero.name);
  const [error, setError] = useState<string | null>(null);
  const escribir = useEscribirMesero();
  const sinCambios = nombre.trim() === mesero.name || !nombre.trim();
  const guardar = (e?: FormEvent) => {
    e?.preventDefault();
    if (sinCambios) return;
    escribir.mutate({ tipo: 'renombrar', id: mesero._id, name: nombre.trim() }, { onSuccess: alCerrar, onError: (err) => setError(rechazoDeCampo(err)?.mensaje ?? null) });
  };
  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo={`Renombrar a ${mesero.name}`}
      descripcion="Las comandas anteriores conservan el nombre con el que se abrieron."
      acciones={<AccionesGuardar alCerrar={alCerrar} alGuardar={guardar} deshabilitado={sinCambios} cargando={escribir.isPending} />}
    >
      <form noValidate onSubmit={guardar}>
        <CampoTexto etiqueta="Nombre" name="name" autoComplete="off" data-autofocus value={nombre} invalid={Boolean(error)} onChange={(e) => { setNombre(e.target.value); setError(null); }} />
        <MensajeCampo nombre="name" mensaje={error} />
      </form>
    </Dialogo>
  );
}
