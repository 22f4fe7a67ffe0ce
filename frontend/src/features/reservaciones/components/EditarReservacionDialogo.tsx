import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { CampoArea, CampoSelect, CampoTexto } from '../../../components/ui/Campo';
import { Dialogo } from '../../../components/ui/Dialogo';
import { desdeCampos, paraCampos } from '../../../lib/formato';
import { mensajes, validarEdicionReservacion } from '../../../lib/wasm';
import { toast } from '../../../stores/toasts';
import type { Reservacion } from '../../../types/api';
import { useEditarReservacion } from '../api/editar-reservacion';

/** Spec §3: the events, in the order staff pick them. */
export const EVENTOS: readonly Reservacion['evento'][] = ['Ninguno', 'Cumpleaños', 'Aniversario', 'Ocasión Especial', 'Comida de negocios'];

/**
 * Date, time, party size, event and comments of a Pendiente reservation, checked first by core's
 * edit rule (format, party up to 50, comment length); the server runs the same rule again.
 */
export function EditarReservacionDialogo({ reservacion: r, alCerrar }: { reservacion: Reservacion; alCerrar: () => void }) {
  const inicial = paraCampos(r.fecha_hora);
  const [fecha, setFecha] = useState(inicial.fecha);
  const [hora, setHora] = useState(inicial.hora);
  const [personas, setPersonas] = useState(String(r.no_personas));
  const [evento, setEvento] = useState<Reservacion['evento']>(r.evento);
  const [comentarios, setComentarios] = useState(r.comentarios);
  const editar = useEditarReservacion(r._id);

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const no_personas = personas.trim() === '' ? 0 : Number(personas);
    const edicion = { fecha_hora: desdeCampos(fecha, hora), no_personas, evento, comentarios };
    const regla = validarEdicionReservacion(edicion);
    if ('error' in regla) {
      toast.error(regla.error.mensaje);
      if (regla.error.campo === 'no_personas') document.getElementById('editar-personas')?.focus();
      return;
    }
    editar.mutate(
      edicion,
      {
        onSuccess: () => {
          toast.exito(mensajes().datosGuardados);
          alCerrar();
        },
      },
    );
  }

  return (
    <Dialogo
      abierto
      alCerrar={() => !editar.isPending && alCerrar()}
      titulo="Editar reservación"
      descripcion={r.name}
      ancho="sm:max-w-lg"
      acciones={
        <>
          <Button variante="secundario" onClick={alCerrar} disabled={editar.isPending} className="min-h-11">
            Descartar
          </Button>
          <Button type="submit" form="form-editar-reservacion" cargando={editar.isPending} className="min-h-11">
            Guardar cambios
          </Button>
        </>
      }
    >
      <form id="form-editar-reservacion" onSubmit={enviar} noValidate className="grid grid-cols-2 gap-4">
        <CampoTexto etiqueta="Fecha" type="date" name="fecha" required value={fecha} onChange={(e) => setFecha(e.target.value)} />
        <CampoTexto etiqueta="Hora" type="time" name="hora" step={300} required value={hora} onChange={(e) => setHora(e.target.value)} />
        <CampoTexto
          etiqueta="Personas"
          id="editar-personas"
          type="number"
          name="no_personas"
          inputMode="numeric"
          min={1}
          step={1}
          value={personas}
          onChange={(e) => setPersonas(e.target.value.replace(/\D/g, ''))}
        />
        <CampoSelect etiqueta="Evento" name="evento" value={evento} onChange={(e) => setEvento(e.target.value as Reservacion['evento'])}>
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
          className="col-span-2"
        />
      </form>
    </Dialogo>
  );
}
