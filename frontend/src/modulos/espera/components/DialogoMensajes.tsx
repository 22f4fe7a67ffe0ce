// A waiting party's messages by SMS, as bubbles (the guest's on the left, the branch's answers on
// the right), and a box to answer: the answer goes to the party's phone through the outbox.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialogo } from '@/components/ui/Dialogo';
import { fechaHoraBitacora, textoPersonas } from '@/lib/formato';
import { useConversacion, useResponderEspera } from '../api/mensajes-espera';
import type { Esquema } from '@/lib/api-client';

/** The longest answer: two SMS segments (the server's limit). */
const RESPUESTA_MAX = 320;

export function DialogoMensajes({ grupo, alCerrar }: { grupo: Esquema<'GrupoEnEspera'>; alCerrar: () => void }) {
  const conversacion = useConversacion(grupo._id);
  const responder = useResponderEspera();
  const [texto, setTexto] = useState('');
  const listo = texto.trim().length > 0 && texto.length <= RESPUESTA_MAX;

  function enviar(e?: FormEvent) {
    e?.preventDefault();
    if (!listo || responder.isPending) return;
    responder.mutate({ id: grupo._id, texto: texto.trim() }, { onSuccess: () => setTexto('') });
  }

  return (
    <Dialogo
      abierto
      alCerrar={alCerrar}
      titulo={`Mensajes de ${grupo.name}`}
      descripcion={`${textoPersonas(grupo.personas)} · por SMS`}
      acciones={
        <>
          <Button variante="secundario" onClick={alCerrar}>
            Cerrar
          </Button>
          <Button onClick={() => enviar()} disabled={!listo} cargando={responder.isPending}>
            Responder
          </Button>
        </>
      }
    >
      <div className="max-h-80 space-y-2 overflow-y-auto py-1" aria-live="polite" data-testid="conversacion">
        {conversacion.isPending ? (
          <p role="status" className="text-sm text-stone-500">
            Cargando mensajes…
          </p>
        ) : (conversacion.data ?? []).length === 0 ? (
          <p className="text-sm text-stone-500">Todavía no hay mensajes.</p>
        ) : (
          (conversacion.data ?? []).map((l, i) => (
            <div key={i} className={`flex ${l.de === 'huesped' ? 'justify-start' : 'justify-end'}`} data-de={l.de}>
              <p className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm ${l.de === 'huesped' ? 'rounded-bl-sm bg-stone-100 text-stone-900' : 'rounded-br-sm bg-primary-700 text-white'}`}>
                {l.texto}
                <span className={`mt-0.5 block text-xs ${l.de === 'huesped' ? 'text-stone-500' : 'text-primary-100'}`}>{fechaHoraBitacora(l.creado)}</span>
              </p>
            </div>
          ))
        )}
      </div>
      <form noValidate onSubmit={enviar} className="mt-3" aria-label="Responder por SMS">
        <label htmlFor="respuesta-sms" className="block text-sm font-medium text-stone-700">
          Respuesta
        </label>
        <textarea
          id="respuesta-sms"
          name="texto"
          rows={2}
          maxLength={RESPUESTA_MAX}
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          className="mt-1 block w-full rounded-lg border-0 px-3 py-2 text-base text-stone-900 shadow-sm ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-primary-600 focus:outline-none sm:text-sm"
        />
        <p className="mt-1 text-right text-xs text-stone-500 tabular-nums">
          {texto.length}/{RESPUESTA_MAX}
        </p>
        <button type="submit" hidden />
      </form>
    </Dialogo>
  );
}
