import { ChatBubbleLeftRightIcon } from '@heroicons/react/24/outline';
import { Burbujas, CajaRespuesta } from '@/components/ui/Conversacion';
import { useMensajes, useResponderReservacion } from '../api/mensajes-reservacion';

/**
 * The guest's messages by SMS about this reservation (an answer to a reminder, a question) and
 * the answers that went out, with the box to answer. Nothing shows until the guest wrote.
 */
export function MensajesReservacion({ id }: { id: string }) {
  const consulta = useMensajes(id);
  const responder = useResponderReservacion(id);
  const lineas = consulta.data ?? [];
  if (!lineas.some((l) => l.de === 'huesped')) return null;
  return (
    <section aria-labelledby="titulo-mensajes" className="mt-1 rounded-xl bg-stone-50 px-4 py-3" data-testid="mensajes-reservacion">
      <h3 id="titulo-mensajes" className="mb-2 flex items-center gap-2 text-xs font-medium tracking-wide text-stone-500 uppercase">
        <ChatBubbleLeftRightIcon aria-hidden className="size-4" />
        Mensajes por SMS
      </h3>
      <Burbujas lineas={lineas} cargando={false} />
      <CajaRespuesta id={`respuesta-${id}`} conBoton enviando={responder.isPending} enviar={(texto) => responder.mutateAsync(texto)} />
    </section>
  );
}
