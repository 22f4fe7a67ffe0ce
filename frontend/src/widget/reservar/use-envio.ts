import { useRef, useState, type RefObject } from 'react';
import { nuevaClave } from '@/lib/envio';
import { avisarReservada } from '@/lib/mensaje-widget';
import { paisPorIso } from '@/lib/paises';
import { iniciarCore, limitarTelefono, validarDatosPersonales, validarEdicionReservacion, type Evento } from '@/lib/wasm';
import { ErrorPublico, reservar } from '../api';
import type { Esquema } from '../../lib/cliente-api';
import { rutaConfirmacion, type Origen } from '../ruta';

/** The WASM core did not load (a network cut mid-download): nothing can be checked or sent. */
const SIN_REGLAS = 'No se pudo cargar la página por completo. Revisa tu conexión y recárgala.';

/** Who books: the form's second half. */
export interface Contacto {
  name: string;
  email: string;
  /** The phone's country (ISO code) and the number typed after its code. */
  pais: string;
  local: string;
  evento: Evento;
  comentarios: string;
}

/** What is booked: the date, the party and a time the availability offered. */
export interface Eleccion {
  fecha: string;
  personas: number;
  hora: string;
}

export interface ErrorReserva {
  mensaje: string;
  /** The form's box it is about (its `name`), focused and marked; null for the form as a whole. */
  campo: string | null;
}

/**
 * The booking's sending: core checks the contact and the booking through WASM before anything
 * is sent; the server checks all again and answers the last word (a time just taken is a 409,
 * `alPerderHora` then clears the time and asks for the free ones again). A double tap sends once;
 * a booking retried after a lost answer keeps its idempotency key. Booked, the parent page is told
 * and the guest goes to the confirmation.
 */
export function useEnvioReserva({
  sucursal,
  origin,
  afiliado,
  navegar,
  formulario,
  alPerderHora,
}: {
  sucursal: Esquema<'SucursalPublica'>;
  origin: Origen;
  afiliado: string | null;
  navegar: (url: string) => void;
  formulario: RefObject<HTMLFormElement | null>;
  alPerderHora: () => void;
}) {
  const [error, setError] = useState<ErrorReserva | null>(null);
  const [enviando, setEnviando] = useState(false);
  const enviandoAhora = useRef(false);
  const intento = useRef<{ clave: string; datos: string } | null>(null);

  function marcarError(mensaje: string, campoRegla: string | null) {
    // Core and the server name the booking's date and time `fecha_hora`; here it is the date box.
    const campo = campoRegla === 'fecha_hora' ? 'fecha' : campoRegla;
    setError({ mensaje, campo });
    const el = campo ? formulario.current?.querySelector<HTMLElement>(`[name="${campo}"]`) : null;
    el?.focus();
  }

  async function enviar({ fecha, personas, hora }: Eleccion, { name, email, pais, local, evento, comentarios }: Contacto) {
    // The state reaches the next click only after a render; the ref stops a double tap at once.
    if (enviandoAhora.current || enviando || !hora) return;
    enviandoAhora.current = true;
    setError(null);
    setEnviando(true);
    try {
      // The rules load beside the page; a guest fast enough to get here first waits for them.
      try {
        await iniciarCore();
      } catch {
        return marcarError(SIN_REGLAS, null);
      }
      const codigo = paisPorIso(pais).codigo;
      const phone = local.trim() === '' ? '' : limitarTelefono(codigo + local);
      const contacto = validarDatosPersonales({ name, email, phone, evento });
      if ('error' in contacto) return marcarError(contacto.error.mensaje, contacto.error.campo);
      const fechaHora = `${fecha} ${hora}`;
      const reserva = validarEdicionReservacion({ fecha_hora: fechaHora, no_personas: personas, evento, comentarios });
      if ('error' in reserva) return marcarError(reserva.error.mensaje, reserva.error.campo);
      const solicitud = {
        tag: sucursal.tag,
        name: contacto.ok.name,
        email: contacto.ok.email,
        phone: contacto.ok.phone,
        fecha_hora: fechaHora,
        no_personas: personas,
        evento,
        comentarios: comentarios.trim(),
        origin,
        // An affiliate's code (a partner such as a hotel or a concierge) from the widget's URL.
        ...(afiliado ? { afiliado } : {}),
      };
      // The same booking tried again (its answer was lost) keeps its key; changed data get a new one.
      const datos = JSON.stringify(solicitud);
      if (intento.current?.datos !== datos) intento.current = { clave: nuevaClave(), datos };
      const hecha = await reservar(solicitud, intento.current.clave);
      intento.current = null;
      avisarReservada(hecha._id, sucursal.tag);
      navegar(rutaConfirmacion(hecha.confirmacion));
    } catch (e) {
      // The server answered: the next try is a new action. Without an answer, the same one.
      if (!(e instanceof ErrorPublico && e.status === 0)) intento.current = null;
      if (e instanceof ErrorPublico) {
        // Taken a moment ago by someone else: say so and show what is still free.
        if (e.status === 409) {
          alPerderHora();
          return marcarError(e.message, 'hora');
        }
        const campo = (e.data as { campo?: string } | null)?.campo ?? null;
        return marcarError(e.message, campo);
      }
      marcarError(e instanceof Error ? e.message : String(e), null);
    } finally {
      enviandoAhora.current = false;
      setEnviando(false);
    }
  }

  return { error, setError, enviando, enviar };
}
