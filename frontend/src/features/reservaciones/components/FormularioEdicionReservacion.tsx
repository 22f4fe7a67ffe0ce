import { useRef, useState, type FormEvent } from 'react';
import { CampoArea, CampoSelect, CampoTexto } from '@/components/ui/Campo';
import { CampoFecha } from '@/components/ui/CampoFecha';
import { CampoHora } from '@/components/ui/CampoHora';
import { CampoNumero } from '@/components/ui/CampoNumero';
import { desdeCampos, paraCampos } from '@/lib/formato';
import { validarEdicionReservacion } from '@/lib/wasm';
import { EVENTOS } from '@/lib/eventos';
import { toast } from '@/stores/toasts';
import type { Esquema } from '@/lib/api-client';

/**
 * Date, time, party size, event and comments of a Pendiente reservation, checked first by core's
 * edit rule (format, party up to 50, comment length); the server runs the same rule again. Its
 * submit buttons live with whoever hosts it (a dialog's footer, a screen's), tied by `id`.
 * `grande`: the host stand's touch layout — one column on a narrow tablet and − / + buttons on
 * the party size.
 */
export function FormularioEdicionReservacion({
  reservacion: r,
  id,
  grande = false,
  alEnviar,
}: {
  reservacion: Esquema<'Reservacion'>;
  id: string;
  grande?: boolean;
  alEnviar: (edicion: Esquema<'EdicionReservacion'>) => void;
}) {
  const inicial = paraCampos(r.fecha_hora);
  const [fecha, setFecha] = useState(inicial.fecha);
  const [hora, setHora] = useState(inicial.hora);
  const [personas, setPersonas] = useState(String(r.no_personas));
  const [evento, setEvento] = useState<Esquema<'Reservacion'>['evento']>(r.evento);
  const [comentarios, setComentarios] = useState(r.comentarios);
  const campoPersonas = useRef<HTMLInputElement>(null);

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const no_personas = personas.trim() === '' ? 0 : Number(personas);
    const edicion = { fecha_hora: desdeCampos(fecha, hora), no_personas, evento, comentarios };
    const regla = validarEdicionReservacion(edicion);
    if ('error' in regla) {
      toast.error(regla.error.mensaje);
      if (regla.error.campo === 'no_personas') campoPersonas.current?.focus();
      return;
    }
    alEnviar(edicion);
  }

  return (
    <form id={id} onSubmit={enviar} noValidate className={
        grande
          ? // Touch-sized: every box 48 px tall.
            'grid gap-5 sm:grid-cols-2 [&_input]:min-h-12 [&_select]:min-h-12'
          : 'grid grid-cols-2 gap-4'
      }>
      <CampoFecha etiqueta="Fecha" name="fecha" required value={fecha} onChange={setFecha} />
      <CampoHora etiqueta="Hora" name="hora" paso={5} required value={hora} onChange={setHora} />
      {grande ? (
        <CampoNumero
          etiqueta="Personas"
          nombre="no_personas"
          ref={campoPersonas}
          valor={personas.trim() === '' ? null : Number(personas)}
          alCambiar={(v) => setPersonas(v === null ? '' : String(v))}
        />
      ) : (
        <CampoTexto
          etiqueta="Personas"
          ref={campoPersonas}
          type="number"
          name="no_personas"
          inputMode="numeric"
          min={1}
          step={1}
          value={personas}
          onChange={(e) => setPersonas(e.target.value.replace(/\D/g, ''))}
        />
      )}
      <CampoSelect etiqueta="Evento" name="evento" value={evento} onChange={(e) => setEvento(e.target.value as Esquema<'Reservacion'>['evento'])}>
        {EVENTOS.map((ev) => (
          <option key={ev} value={ev}>
            {ev}
          </option>
        ))}
      </CampoSelect>
      <CampoArea
        etiqueta="Comentarios"
        name="comentarios"
        rows={3}
        value={comentarios}
        onChange={(e) => setComentarios(e.target.value)}
        className={grande ? 'sm:col-span-2' : 'col-span-2'}
      />
    </form>
  );
}
