import { lazy, Suspense, useEffect, useState } from 'react';
import { fechaLarga, horaCorta, textoPersonas } from '../lib/formato';
import { ErrorPublico, getConfirmacion, verificar } from './api';
import type { Esquema } from '../lib/cliente-api';
import { Aviso } from './Aviso';
import { ContactoSucursal } from './Contacto';
import type { AvisoHecho } from './huesped/Gestion';
import { Dato } from './huesped/piezas';
import { etiquetaEstado } from './huesped/textos';

const boton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-offset-2';

/** The QR as a PNG file (what a phone's gallery keeps), drawn from the server's SVG. */
async function guardarPng(svg: string, nombre: string): Promise<void> {
  const lado = 600;
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const lienzo = document.createElement('canvas');
    lienzo.width = lado;
    lienzo.height = lado;
    const ctx = lienzo.getContext('2d');
    if (!ctx) throw new Error('sin lienzo');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, lado, lado);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(img, 0, 0, lado, lado);
    const png = await new Promise<Blob | null>((r) => lienzo.toBlob(r, 'image/png'));
    descargar(png ?? new Blob([svg], { type: 'image/svg+xml' }), png ? `${nombre}.png` : `${nombre}.svg`);
  } finally {
    URL.revokeObjectURL(url);
  }
}

function descargar(blob: Blob, nombre: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The guest's actions (and the change form) load beside the receipt, not with the booking form;
// if they cannot (the connection dropped), the receipt stays and says so.
const Gestion = lazy(() =>
  import('./huesped/Gestion').then(
    (m) => ({ default: m.Gestion }),
    () => ({
      default: () => (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800 print:hidden">
          No se pudieron cargar las opciones de tu reservación. Revisa tu conexión y recarga la página.
        </p>
      ),
    }),
  ),
);

/** The heading and the line under it, by the reservation's state. */
function encabezado(r: Esquema<'ConfirmacionPublica'>): { titulo: string; texto: string } {
  switch (r.status) {
    case 'Cancelada':
      return { titulo: 'Tu reservación está cancelada', texto: 'Ya no tienes lugar apartado. Si quieres venir, haz una nueva reservación.' };
    case 'Asistio':
      return { titulo: '¡Gracias por tu visita!', texto: 'Registramos tu llegada a esta reservación.' };
    case 'Vencido':
      return { titulo: 'Tu reservación ya pasó', texto: 'No registramos tu llegada. Si quieres venir otro día, haz una nueva reservación.' };
    case 'Pendiente':
      return {
        titulo: 'Tu reservación está confirmada',
        texto: r.con_correo ? 'Muestra este código QR al llegar; también te lo enviamos por correo.' : 'Muestra este código QR al llegar: guárdalo o tómale una captura.',
      };
  }
}

/** The state as a mark under the heading: attendance confirmed, or how the reservation ended. */
function MarcaEstado({ r }: { r: Esquema<'ConfirmacionPublica'> }) {
  const base = 'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset';
  if (r.status === 'Pendiente') {
    return r.confirmada ? (
      <p className={`${base} bg-green-50 text-green-800 ring-green-200`} data-testid="estado-reservacion" data-estado="confirmada">
        <span aria-hidden>✓</span> Confirmaste tu asistencia
      </p>
    ) : null;
  }
  const tono = r.status === 'Asistio' ? 'bg-green-50 text-green-800 ring-green-200' : r.status === 'Cancelada' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-amber-50 text-amber-900 ring-amber-200';
  return (
    <p className={`${base} ${tono}`} data-testid="estado-reservacion" data-estado={r.status}>
      Estado: {etiquetaEstado(r.status)}
    </p>
  );
}

/**
 * /reservacion/{tag}/confirmacion/{id}?t=: the booking made, with the QR the host scans at the
 * door (it holds the reservation's id), printable and saveable; the guest's own page, where they
 * confirm they are coming, change the party or the time, or cancel (`huesped/Gestion.tsx`).
 */
export function Confirmacion({ id, token, incrustado, volver }: { id: string; token: string; incrustado: boolean; volver: string | null }) {
  const [estado, setEstado] = useState<{ tipo: 'cargando' } | { tipo: 'listo'; r: Esquema<'ConfirmacionPublica'> } | { tipo: 'error'; mensaje: string }>({
    tipo: 'cargando',
  });
  // Read again after each action; what shows stays until the new answer arrives.
  const [vuelta, setVuelta] = useState(0);
  const [aviso, setAviso] = useState<AvisoHecho | null>(null);
  useEffect(() => {
    const control = new AbortController();
    getConfirmacion(id, token, control.signal).then(
      (r) => setEstado({ tipo: 'listo', r }),
      (e: unknown) =>
        !control.signal.aborted &&
        // A reading again that fails keeps the page as it was.
        setEstado((antes) => (antes.tipo === 'listo' ? antes : { tipo: 'error', mensaje: e instanceof Error ? e.message : String(e) })),
    );
    return () => control.abort();
  }, [id, token, vuelta]);

  if (estado.tipo === 'cargando') {
    return (
      <div role="status" aria-label="Cargando confirmación" className="mx-auto max-w-md space-y-4 p-6">
        <div className="mx-auto size-48 animate-pulse rounded-xl bg-stone-200" />
        <div className="h-5 w-2/3 animate-pulse rounded bg-stone-200" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-stone-200" />
      </div>
    );
  }
  if (estado.tipo === 'error') {
    return (
      <Aviso titulo="No se pudo mostrar la reservación" incrustado={incrustado}>
        <p>{estado.mensaje}</p>
      </Aviso>
    );
  }
  const r = estado.r;
  const { sucursal, marca } = r;
  const { titulo, texto } = encabezado(r);
  const terminada = r.status === 'Cancelada' || r.status === 'Vencido';
  return (
    <article
      aria-labelledby="titulo-confirmacion"
      className={`mx-auto max-w-2xl ${incrustado ? 'p-4' : 'p-5 sm:p-8'} print:max-w-none print:p-0`}
      data-testid="confirmacion"
      data-reservacion={r._id}
      data-estado={r.status}
    >
      <header className="text-center sm:text-left">
        <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase">{marca}</p>
        <h1 id="titulo-confirmacion" className={`${incrustado ? 'text-lg' : 'text-2xl'} font-semibold text-stone-900`}>
          {titulo}
        </h1>
        <p className={`${incrustado ? 'mt-0.5' : 'mt-1'} text-sm text-stone-600`}>{texto}</p>
        <div className={`${incrustado ? 'mt-1' : 'mt-2'} empty:hidden`}>
          <MarcaEstado r={r} />
        </div>
      </header>
      <div className={`grid items-center ${incrustado ? 'mt-3 grid-cols-[9rem_1fr] gap-4' : 'mt-4 gap-4 sm:grid-cols-[16rem_1fr] sm:gap-8'}`}>
        <div
          role="img"
          aria-label={`Código QR de la reservación ${r._id}${terminada ? ` (${etiquetaEstado(r.status).toLowerCase()})` : ''}`}
          className={`mx-auto aspect-square w-full rounded-xl bg-white p-2 ring-1 ring-stone-200 [&>svg]:block [&>svg]:size-full ${incrustado ? 'max-w-36' : 'max-w-64'} ${terminada ? 'opacity-30' : ''}`}
          data-testid="qr-reservacion"
          // The server draws the code (core's encoder); it is markup of its own making, not the guest's.
          dangerouslySetInnerHTML={{ __html: r.qr_svg }}
        />
        {/* In a 410 px frame the facts sit two by two, so the buttons stay in sight. */}
        <dl className={incrustado ? 'grid grid-cols-2 gap-x-4' : 'divide-y divide-stone-100'}>
          <Dato titulo="Nombre" campo="name" className={incrustado ? 'col-span-2 py-1' : 'py-2'}>
            {r.name}
          </Dato>
          <Dato titulo="Fecha" campo="fecha" className={incrustado ? 'py-1' : 'py-2'}>
            {fechaLarga(r.fecha_hora)}
          </Dato>
          <Dato titulo="Hora" campo="hora" className={incrustado ? 'py-1' : 'py-2'}>
            {horaCorta(r.fecha_hora)}
          </Dato>
          <Dato titulo="Personas" campo="no_personas" className={incrustado ? 'py-1' : 'py-2'}>
            {textoPersonas(r.no_personas)}
          </Dato>
          {r.evento && r.evento !== 'Ninguno' ? (
            <Dato titulo="Ocasión" campo="evento" className={incrustado ? 'py-1' : 'py-2'}>
              {r.evento}
            </Dato>
          ) : null}
          <Dato titulo="Sucursal" campo="sucursal" className={incrustado ? 'col-span-2 py-1' : 'py-2'}>
            {marca ? `${marca} · ${sucursal}` : sucursal}
          </Dato>
          <div className={incrustado ? 'col-span-2 pb-1' : 'pb-2'}>
            <ContactoSucursal contacto={r.contacto} compacto />
          </div>
        </dl>
      </div>
      <div className={`${incrustado ? 'mt-3' : 'mt-5'} flex flex-col gap-2 sm:flex-row print:hidden`}>
        {terminada ? (
          // A code that no longer opens a table is not worth printing: the way on is a new booking.
          <a href={volver ?? `/reservacion/${encodeURIComponent(r.tag)}`} className={`${boton} bg-primary-700 text-white hover:bg-primary-800`}>
            Hacer otra reservación
          </a>
        ) : (
          <>
            <button type="button" onClick={() => window.print()} className={`${boton} bg-primary-700 text-white hover:bg-primary-800`}>
              Imprimir
            </button>
            <button
              type="button"
              onClick={() => void guardarPng(r.qr_svg, `reservacion-${r._id}`)}
              className={`${boton} bg-white text-stone-800 ring-1 ring-stone-300 ring-inset hover:bg-stone-50`}
            >
              Guardar código QR
            </button>
            {volver && (
              <a href={volver} className={`${boton} text-stone-700 hover:bg-stone-100 sm:ml-auto`}>
                Hacer otra reservación
              </a>
            )}
          </>
        )}
      </div>
      {/* In a frame (just booked, on the restaurant's site or the console) the page stays the receipt. */}
      {!incrustado && (
        <Suspense fallback={null}>
          <Gestion
            r={r}
            id={id}
            token={token}
            aviso={aviso}
            alHacer={(mensaje) => {
              // A refusal's words are Gestion's to show; an older success is no longer the news.
              setAviso((a) => (mensaje ? { mensaje, n: (a?.n ?? 0) + 1 } : null));
              setVuelta((n) => n + 1);
            }}
          />
        </Suspense>
      )}
    </article>
  );
}

/**
 * /reservacion/{tag}/verificar/{id}?t=&c=: the e-mail's link; opening it verifies the address
 * (`t`, the check's own secret) and offers the booking (`c`, the confirmation's).
 */
export function Verificar({ id, token, confirmacion, tag }: { id: string; token: string; confirmacion: string | null; tag: string }) {
  const [estado, setEstado] = useState<{ tipo: 'cargando' } | { tipo: 'listo'; mensaje: string } | { tipo: 'error'; mensaje: string }>({
    tipo: 'cargando',
  });
  useEffect(() => {
    let vigente = true;
    verificar(id, token).then(
      () => vigente && setEstado({ tipo: 'listo', mensaje: 'Tu correo quedó verificado. ¡Gracias!' }),
      (e: unknown) => vigente && setEstado({ tipo: 'error', mensaje: e instanceof ErrorPublico || e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      vigente = false;
    };
  }, [id, token]);
  if (estado.tipo === 'cargando') {
    return (
      <div role="status" className="mx-auto max-w-md px-5 py-20 text-center text-sm text-stone-600">
        Verificando tu correo…
      </div>
    );
  }
  return (
    <Aviso titulo={estado.tipo === 'listo' ? estado.mensaje : 'No se pudo verificar tu correo'} incrustado={false} rol={estado.tipo === 'listo' ? 'status' : 'alert'}>
      {estado.tipo === 'error' && <p>{estado.mensaje}</p>}
      <p className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
        {estado.tipo === 'listo' && confirmacion && (
          <a
            href={`/reservacion/${encodeURIComponent(tag)}/confirmacion/${encodeURIComponent(id)}?${new URLSearchParams({ t: confirmacion })}`}
            className="font-semibold text-primary-700 underline underline-offset-2"
          >
            Ver mi reservación
          </a>
        )}
        <a href={`/reservacion/${encodeURIComponent(tag)}`} className="font-semibold text-primary-700 underline underline-offset-2">
          Hacer una reservación
        </a>
      </p>
    </Aviso>
  );
}
