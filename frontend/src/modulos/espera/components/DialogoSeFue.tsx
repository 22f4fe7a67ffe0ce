// "Se fue": a party taken off the list with the reason it left — one of the usual ones at a tap,
// or the host's own words. A reason is required: the button waits for one, and the server's
// refusal (too long) shows under the box.
import { useState, type FormEvent } from 'react';
import { CampoTexto } from '@/components/ui/Campo';
import { Button } from '@/components/ui/Button';
import { Dialogo } from '@/components/ui/Dialogo';
import { MensajeCampo, rechazoDeCampo } from '@/components/ui/formulario';
import { textoPersonas } from '@/lib/formato';
import { toast } from '@/stores/toasts';
import { useSalirEspera } from '../api/escribir-espera';
import { MOTIVOS_SALIDA } from '../espera';
import type { Esquema } from '@/lib/api-client';

export function DialogoSeFue({ grupo, alCerrar }: { grupo: Esquema<'GrupoEnEspera'>; alCerrar: () => void }) {
  const [elegido, setElegido] = useState<string | null>(null);
  const [otro, setOtro] = useState('');
  const [error, setError] = useState<string | null>(null);
  const salir = useSalirEspera();
  const motivo = (elegido ?? otro).trim();

  function quitar(e?: FormEvent) {
    e?.preventDefault();
    if (!motivo || salir.isPending) return;
    salir.mutate(
      { id: grupo._id, motivo },
      {
        onSuccess: alCerrar,
        onError: (err) => {
          const r = rechazoDeCampo(err);
          if (r?.campo === 'motivo') setError(r.mensaje);
          else toast.error(err.message);
        },
      },
    );
  }

  const opcion = (m: string) => {
    const activa = elegido === m;
    return (
      <label
        key={m}
        className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ring-1 ring-inset transition-colors has-focus-visible:ring-2 has-focus-visible:ring-primary-600 ${
          activa ? 'bg-primary-50 text-primary-900 ring-primary-400' : 'bg-white text-stone-800 ring-stone-300 hover:bg-stone-50'
        }`}
      >
        <input
          type="radio"
          name="motivo-rapido"
          value={m}
          checked={activa}
          onChange={() => {
            setElegido(m);
            setOtro('');
            setError(null);
          }}
          className="size-4 accent-primary-700"
        />
        {m}
      </label>
    );
  };

  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo={`${grupo.name} se fue`}
      descripcion={`${textoPersonas(grupo.personas)} · esperó ${grupo.esperando_min} min. Sale de la lista de espera.`}
      acciones={
        <>
          <Button variante="secundario" onClick={alCerrar} disabled={salir.isPending}>
            Cancelar
          </Button>
          <Button variante="peligro" onClick={() => quitar()} disabled={!motivo} cargando={salir.isPending}>
            Quitar de la lista
          </Button>
        </>
      }
    >
      <form noValidate onSubmit={quitar} className="space-y-4" aria-label="Motivo de salida" data-testid="form-se-fue">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-stone-700">¿Por qué se fue?</legend>
          <div className="grid gap-2">
            {MOTIVOS_SALIDA.map(opcion)}
          </div>
        </fieldset>
        <div>
          <CampoTexto
            etiqueta="Otro motivo"
            name="motivo"
            autoComplete="off"
            placeholder="Escríbelo aquí"
            value={otro}
            invalid={Boolean(error)}
            onChange={(e) => {
              setOtro(e.target.value);
              setElegido(null);
              setError(null);
            }}
          />
          <MensajeCampo nombre="motivo" mensaje={error} />
        </div>
        <button type="submit" hidden />
      </form>
    </Dialogo>
  );
}
