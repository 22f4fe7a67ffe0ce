// A guest's messages by SMS as bubbles (the guest's on the left, the branch's answers on the
// right), and the box to answer: what the waitlist's dialog and the reservation's detail share.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { fechaHoraBitacora } from '@/lib/formato';
import type { Esquema } from '@/lib/api-client';

/** The longest answer: two SMS segments (the server's limit). */
export const RESPUESTA_MAX = 320;

export function Burbujas({ lineas, cargando }: { lineas: Esquema<'LineaMensaje'>[] | undefined; cargando: boolean }) {
  return (
    <div className="max-h-80 space-y-2 overflow-y-auto py-1" aria-live="polite" data-testid="conversacion">
      {cargando ? (
        <p role="status" className="text-sm text-stone-500">
          Cargando mensajes…
        </p>
      ) : (lineas ?? []).length === 0 ? (
        <p className="text-sm text-stone-500">Todavía no hay mensajes.</p>
      ) : (
        (lineas ?? []).map((l, i) => (
          <div key={i} className={`flex ${l.de === 'huesped' ? 'justify-start' : 'justify-end'}`} data-de={l.de}>
            <p className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm ${l.de === 'huesped' ? 'rounded-bl-sm bg-stone-100 text-stone-900' : 'rounded-br-sm bg-primary-700 text-white'}`}>
              {l.texto}
              <span className={`mt-0.5 block text-xs ${l.de === 'huesped' ? 'text-stone-500' : 'text-primary-100'}`}>{fechaHoraBitacora(l.creado)}</span>
            </p>
          </div>
        ))
      )}
    </div>
  );
}

/**
 * The answer's box. `enviar` sends the text and resolves once it is queued (the box then
 * empties); with `conBoton` the box has its own «Responder» button (a dialog puts it among its
 * actions and submits through `id`).
 */
export function CajaRespuesta({ id, enviar, enviando, conBoton = false }: { id: string; enviar: (texto: string) => Promise<unknown>; enviando: boolean; conBoton?: boolean }) {
  const [texto, setTexto] = useState('');
  const listo = texto.trim().length > 0 && texto.length <= RESPUESTA_MAX;

  function alEnviar(e: FormEvent) {
    e.preventDefault();
    if (!listo || enviando) return;
    enviar(texto.trim()).then(
      () => setTexto(''),
      () => undefined,
    );
  }

  return (
    <form id={id} noValidate onSubmit={alEnviar} className="mt-3" aria-label="Responder por SMS">
      <label htmlFor={`${id}-texto`} className="block text-sm font-medium text-stone-700">
        Respuesta
      </label>
      <textarea
        id={`${id}-texto`}
        name="texto"
        rows={2}
        maxLength={RESPUESTA_MAX}
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        className="mt-1 block w-full rounded-lg border-0 px-3 py-2 text-base text-stone-900 shadow-sm ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-primary-600 focus:outline-none sm:text-sm"
      />
      <div className="mt-1 flex items-center justify-between gap-3">
        <p className="text-xs text-stone-500 tabular-nums">
          {texto.length}/{RESPUESTA_MAX}
        </p>
        {conBoton && (
          <Button type="submit" disabled={!listo} cargando={enviando} className="min-h-11">
            Responder
          </Button>
        )}
      </div>
    </form>
  );
}
