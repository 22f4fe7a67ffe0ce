// A waiting party's messages by SMS, and the box to answer: the answer goes to the party's phone
// through the outbox.
import { Button } from '@/components/ui/Button';
import { Burbujas, CajaRespuesta } from '@/components/ui/Conversacion';
import { Dialogo } from '@/components/ui/Dialogo';
import { textoPersonas } from '@/lib/formato';
import { useConversacion, useResponderEspera } from '../api/mensajes-espera';
import type { Esquema } from '@/lib/api-client';

export function DialogoMensajes({ grupo, alCerrar }: { grupo: Esquema<'GrupoEnEspera'>; alCerrar: () => void }) {
  const conversacion = useConversacion(grupo._id);
  const responder = useResponderEspera();
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
          <Button type="submit" form="respuesta-espera" cargando={responder.isPending}>
            Responder
          </Button>
        </>
      }
    >
      <Burbujas lineas={conversacion.data} cargando={conversacion.isPending} />
      <CajaRespuesta id="respuesta-espera" enviando={responder.isPending} enviar={(texto) => responder.mutateAsync({ id: grupo._id, texto })} />
    </Dialogo>
  );
}
