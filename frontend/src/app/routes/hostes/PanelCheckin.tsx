import { ArrowRightIcon, PencilSquareIcon } from '@heroicons/react/20/solid';
import { QrCodeIcon } from '@heroicons/react/24/outline';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { validarCodigoReservacion } from '@/lib/wasm';
import { toast } from '@/stores/toasts';
import { buscarPorCodigo } from '@/modulos/asistencia/api/buscar-reservacion';
import { hallazgoDe, hallazgoDeError, type Hallazgo } from '@/modulos/asistencia/busqueda';
import { LectorDispositivo } from '@/modulos/asistencia/components/BusquedaReservacion';
import { TarjetaReservacion } from '@/modulos/asistencia/components/TarjetaReservacion';

/**
 * The host stand's QR check-in panel. Its scan box is focused on arrival and after
 * every lookup, so a handheld reader works without touching the screen; a read reservation shows
 * its card, and Enter (or the button) goes on to its check-in; with reservacion.edit, the card
 * also leads to its edit screen, which comes back here with the card shown again.
 */
export function PanelCheckin({ tag }: { tag: string }) {
  const navegar = useNavigate();
  const { usuario } = useSesion();
  const puedeEditar = tienePermiso(usuario, 'reservacion.edit');
  const [hallazgo, setHallazgo] = useState<Hallazgo | null>(null);
  const [buscando, setBuscando] = useState(false);
  const consulta = useRef(0);

  const pendiente = hallazgo?.tipo === 'pendiente' ? hallazgo.reservacion : null;

  // Back from editing a reservation (`?reserva=id`): its card shows again, as it was before.
  const [parametros, setParametros] = useSearchParams();
  const deVuelta = parametros.get('reserva');
  // The parameter alone starts it; the reading is this render's, which is current.
  const leerDeVuelta = useEffectEvent((id: string) => {
    setParametros({}, { replace: true });
    void leer(id);
  });
  useEffect(() => {
    if (deVuelta) leerDeVuelta(deVuelta);
  }, [deVuelta]);

  async function leer(crudo: string) {
    const esta = ++consulta.current;
    setHallazgo(null);
    const codigo = validarCodigoReservacion(crudo);
    if ('error' in codigo) {
      toast.error(codigo.error.mensaje);
      return;
    }
    setBuscando(true);
    try {
      const r = await buscarPorCodigo(tag, codigo.ok);
      if (esta === consulta.current) setHallazgo(hallazgoDe(r, tag));
    } catch (e) {
      if (esta !== consulta.current) return;
      toast.error(e instanceof Error ? e.message : String(e));
      setHallazgo(hallazgoDeError(e, tag));
    } finally {
      if (esta === consulta.current) setBuscando(false);
    }
  }

  const continuar = () => {
    if (pendiente) void navegar(`/hostes/checkin/${encodeURIComponent(pendiente._id)}`);
  };

  return (
    <section aria-labelledby="titulo-checkin-qr" className="@container space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6" data-testid="panel-checkin">
      <h2 id="titulo-checkin-qr" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <QrCodeIcon aria-hidden className="size-6 text-primary-700" />
        Check-in con código QR
      </h2>
      <LectorDispositivo buscando={buscando} alLeer={(c) => void leer(c)} alContinuar={continuar} />
      {hallazgo && <TarjetaReservacion hallazgo={hallazgo} />}
      {pendiente && (
        <div className="flex flex-col-reverse gap-3 @md:flex-row @md:justify-end">
          {/* Side by side where the panel is wide; stacked beside the floor, where it is narrow. */}
          {puedeEditar && (
            <Link
              to={`/hostes/reserva/${encodeURIComponent(pendiente._id)}`}
              data-accion="editar-reserva"
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 ring-inset hover:bg-stone-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 @md:min-w-48"
            >
              <PencilSquareIcon aria-hidden className="size-5" />
              Editar reservación
            </Link>
          )}
          <Button onClick={continuar} className="min-h-12 @md:min-w-48">
            Registrar llegada
            <ArrowRightIcon aria-hidden className="size-5" />
          </Button>
        </div>
      )}
    </section>
  );
}
