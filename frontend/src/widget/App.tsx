import { lazy, Suspense, useEffect, useState } from 'react';
import { Confirmacion, Verificar } from './Confirmacion';
import { Aviso } from './Aviso';
import { Reservar } from './Reservar';
import { pedirCierre } from '../lib/mensaje-widget';
import { leerVista, type Vista } from './ruta';
import { Turno } from './espera/Turno';
import { Cartel } from './espera/Cartel';
import { Unirse } from './espera/Unirse';

const enMarco = () => window.self !== window.top;
const vistaActual = () => leerVista(new URL(window.location.href), enMarco());

// A reminder's link page is never part of booking: it loads on its own, when opened.
const Enlace = lazy(() =>
  import('./Enlace').then(
    (m) => ({ default: m.Enlace }),
    () => ({
      default: () => (
        <Aviso titulo="No se pudo abrir el enlace" incrustado={false}>
          <p>Revisa tu conexión y recarga la página.</p>
        </Aviso>
      ),
    }),
  ),
);

const TITULOS: Record<Vista['tipo'], string> = {
  reservar: 'Reservaciones',
  confirmacion: 'Tu reservación',
  verificar: 'Verificación de correo',
  confirmar: 'Confirma tu asistencia',
  cancelar: 'Cancela tu reservación',
  espera: 'Lista de espera',
  kiosco: 'Lista de espera',
  cartel: 'Cartel de la lista de espera',
  turno: 'Tu lugar en la lista de espera',
  desconocida: 'Reservaciones',
};

/** The booking page's addresses (`ruta.ts`); moving between them keeps the page (no reload). */
export function App() {
  const [vista, setVista] = useState<Vista>(vistaActual);
  // The booking form's address, kept in the history entry so the confirmation can offer it again.
  const [volver, setVolver] = useState<string | null>(() => (history.state as { volver?: string } | null)?.volver ?? null);

  useEffect(() => {
    const alVolver = () => {
      setVista(vistaActual());
      setVolver((history.state as { volver?: string } | null)?.volver ?? null);
    };
    window.addEventListener('popstate', alVolver);
    return () => window.removeEventListener('popstate', alVolver);
  }, []);

  // Escape inside a frame: the page around it (a dialog, an overlay) is asked to close it.
  useEffect(() => {
    if (!enMarco()) return;
    const alTeclear = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) pedirCierre();
    };
    window.addEventListener('keydown', alTeclear);
    return () => window.removeEventListener('keydown', alTeclear);
  }, []);

  useEffect(() => {
    document.title = TITULOS[vista.tipo];
  }, [vista.tipo]);

  function navegar(url: string) {
    const desde = window.location.pathname + window.location.search;
    history.pushState({ volver: desde }, '', url);
    setVolver(desde);
    setVista(vistaActual());
    window.scrollTo(0, 0);
  }

  const incrustado = vista.tipo === 'reservar' ? vista.incrustado : enMarco();
  return (
    <main className={incrustado ? 'min-h-dvh bg-white' : 'min-h-dvh bg-white py-0 sm:bg-stone-50 sm:py-10 print:bg-white print:py-0'}>
      <div className={incrustado ? '' : 'mx-auto max-w-2xl bg-white sm:rounded-2xl sm:shadow-sm sm:ring-1 sm:ring-stone-200 print:shadow-none print:ring-0'}>
        {vista.tipo === 'reservar' ? (
          <Reservar
            key={vista.tag}
            tag={vista.tag}
            origin={vista.origin}
            personasMax={vista.personasMax}
            afiliado={vista.afiliado}
            incrustado={vista.incrustado}
            navegar={navegar}
          />
        ) : vista.tipo === 'confirmacion' ? (
          <Confirmacion key={vista.id} id={vista.id} token={vista.token} incrustado={incrustado} volver={volver} />
        ) : vista.tipo === 'verificar' ? (
          <Verificar id={vista.id} token={vista.token} confirmacion={vista.confirmacion} tag={vista.tag} />
        ) : vista.tipo === 'confirmar' || vista.tipo === 'cancelar' ? (
          <Suspense fallback={<div role="status" aria-label="Cargando" className="min-h-64" />}>
            <Enlace key={`${vista.tipo}|${vista.id}`} proposito={vista.tipo} id={vista.id} token={vista.token} tag={vista.tag} />
          </Suspense>
        ) : vista.tipo === 'espera' || vista.tipo === 'kiosco' ? (
          <Unirse key={vista.tag} tag={vista.tag} navegar={navegar} kiosco={vista.tipo === 'kiosco'} />
        ) : vista.tipo === 'cartel' ? (
          <Cartel tag={vista.tag} />
        ) : vista.tipo === 'turno' ? (
          <Turno key={vista.id} id={vista.id} token={vista.token} />
        ) : (
          <Aviso titulo="Esta página no existe" incrustado={incrustado}>
            <p>Revisa la dirección de la reservación.</p>
          </Aviso>
        )}
      </div>
    </main>
  );
}
