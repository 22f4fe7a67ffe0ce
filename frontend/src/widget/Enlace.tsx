import { useEffect, useState } from 'react';
import { cancelarReservacion, confirmarAsistencia, getEnlace } from './api';
import type { Esquema } from '../lib/cliente-api';
import { Aviso } from './Aviso';
import { Girando, Nota, PreguntaCancelar, Resumen, botonPrincipal, botonSecundario } from './huesped/piezas';
import { estadoEnlace } from './huesped/textos';
import { esDefinitivo, useAccion } from './huesped/use-accion';

type Proposito = 'confirmar' | 'cancelar';

type Pagina =
  | { tipo: 'cargando' }
  | { tipo: 'error'; status: number; mensaje: string }
  | { tipo: 'listo'; enlace: Esquema<'EnlaceHuesped'> };

/** After the tap: done (the server's words), or refused for good (its words too). */
type Final = { tipo: 'hecho'; mensaje: string; r: Esquema<'ReservacionHuesped'> } | { tipo: 'rechazado'; mensaje: string };

const TITULOS: Record<Proposito, string> = {
  confirmar: 'Confirma tu asistencia',
  cancelar: 'Cancela tu reservación',
};

/**
 * /reservacion/{tag}/confirmar/{id}?t= and …/cancelar/{id}?t=: a reminder's link. It shows the
 * reservation and one button; nothing is done on opening it (mail scanners open links), only on
 * the guest's tap, and cancelling asks first, in the page.
 */
export function Enlace({ proposito, id, token, tag }: { proposito: Proposito; id: string; token: string; tag: string }) {
  const [pagina, setPagina] = useState<Pagina>({ tipo: 'cargando' });
  useEffect(() => {
    const control = new AbortController();
    getEnlace(id, token, control.signal).then(
      (enlace) => setPagina({ tipo: 'listo', enlace }),
      (e: unknown) => {
        if (control.signal.aborted) return;
        const status = (e as { status?: number }).status ?? 0;
        setPagina({ tipo: 'error', status, mensaje: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => control.abort();
  }, [id, token]);

  if (pagina.tipo === 'cargando') {
    return (
      <div role="status" aria-label="Cargando tu reservación" className="mx-auto max-w-md space-y-4 p-5 sm:p-8">
        <div className="h-4 w-32 animate-pulse rounded bg-stone-200" />
        <div className="h-7 w-3/4 animate-pulse rounded bg-stone-200" />
        <div className="h-40 animate-pulse rounded-xl bg-stone-200" />
        <div className="h-12 animate-pulse rounded-lg bg-stone-200" />
      </div>
    );
  }
  if (pagina.tipo === 'error') {
    // Not one of this reservation's links (cut short, mistyped): calmly, with the server's words.
    return (
      <Aviso titulo={pagina.status === 404 ? 'Este enlace no es válido' : 'No se pudo abrir el enlace'} incrustado={false} rol={pagina.status === 404 ? 'status' : 'alert'}>
        <p>{pagina.mensaje}</p>
        {pagina.status === 404 ? (
          <p className="mt-2">Ábrelo tal como llegó en el mensaje, o usa el enlace de tu confirmación.</p>
        ) : (
          <p className="mt-2">Recarga la página en un momento.</p>
        )}
      </Aviso>
    );
  }
  return <Accion key={`${id}|${token}`} proposito={proposito} enlace={pagina.enlace} id={id} token={token} tag={tag} />;
}

function Accion({ proposito, enlace, id, token, tag }: { proposito: Proposito; enlace: Esquema<'EnlaceHuesped'>; id: string; token: string; tag: string }) {
  const { enviando, ejecutar } = useAccion();
  const [preguntando, setPreguntando] = useState(false);
  const [final, setFinal] = useState<Final | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The link's own purpose is the server's word; the address only chose the page.
  const estado = estadoEnlace(enlace);
  const abierto = estado.tipo === 'abierto' ? estado.proposito : null;
  const r = final?.tipo === 'hecho' ? final.r : enlace.reservacion;

  async function actuar(p: Proposito) {
    setError(null);
    const hecho = await ejecutar([p, id, token], (clave) => (p === 'confirmar' ? confirmarAsistencia(id, token, clave) : cancelarReservacion(id, token, clave)));
    if (!hecho) return;
    if (hecho.ok) {
      setFinal({ tipo: 'hecho', mensaje: hecho.datos.mensaje, r: hecho.datos.reservacion });
    } else if (esDefinitivo(hecho.error)) {
      setFinal({ tipo: 'rechazado', mensaje: hecho.error.message });
    } else {
      setError(hecho.error.message);
    }
  }

  // Once there is nothing to do, the page is just the reservation.
  const titulo = abierto && !final ? TITULOS[abierto] : 'Tu reservación';
  return (
    <article aria-labelledby="titulo-enlace" className="mx-auto max-w-md space-y-5 p-5 sm:p-8" data-testid="enlace" data-proposito={abierto ?? proposito}>
      <header>
        <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase">{r.marca}</p>
        <h1 id="titulo-enlace" className="text-2xl font-semibold text-stone-900">
          {titulo}
        </h1>
        <p className="mt-1 text-sm text-stone-600">
          {r.name ? `Hola, ${r.name}. ` : ''}
          {abierto === 'cancelar' && !final ? 'Si ya no puedes venir, cancélala aquí y liberamos tu mesa.' : abierto && !final ? 'Avísanos que sí vienes con un toque.' : ''}
        </p>
      </header>

      <Resumen r={r} />

      {final?.tipo === 'hecho' ? (
        <div className="space-y-4">
          <Nota tono="exito" titulo={final.mensaje} enfocar prueba="resultado-enlace">
            {r.status === 'Cancelada' ? <p>Gracias por avisarnos.</p> : <p>Te esperamos. Muestra tu código QR al llegar.</p>}
          </Nota>
          {r.status !== 'Cancelada' && (
            <div
              role="img"
              aria-label={`Código QR de la reservación ${r._id}`}
              className="mx-auto aspect-square w-full max-w-56 rounded-xl bg-white p-2 ring-1 ring-stone-200 [&>svg]:block [&>svg]:size-full"
              data-testid="qr-reservacion"
              // The server draws the code (core's encoder); it is markup of its own making, not the guest's.
              dangerouslySetInnerHTML={{ __html: r.qr_svg }}
            />
          )}
          {r.status === 'Cancelada' && <OtraReservacion tag={tag} />}
        </div>
      ) : final?.tipo === 'rechazado' ? (
        <Nota tono="neutro" titulo={proposito === 'confirmar' ? 'No se pudo confirmar' : 'No se pudo cancelar'} enfocar rol="status" prueba="resultado-enlace">
          <p>{final.mensaje}</p>
        </Nota>
      ) : estado.tipo !== 'abierto' ? (
        <div className="space-y-4">
          <Nota tono={estado.tipo === 'hecho' ? 'exito' : 'neutro'} titulo={estado.titulo} prueba="resultado-enlace">
            <p>{estado.mensaje}</p>
          </Nota>
          {r.status === 'Cancelada' && <OtraReservacion tag={tag} />}
        </div>
      ) : (
        <div className="space-y-3">
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800" data-testid="error-enlace">
              {error}
            </p>
          )}
          {abierto === 'confirmar' ? (
            <button type="button" onClick={() => void actuar('confirmar')} disabled={enviando} aria-busy={enviando || undefined} className={botonPrincipal}>
              {enviando && <Girando claro />}
              {enviando ? 'Confirmando…' : 'Confirmo mi asistencia'}
            </button>
          ) : preguntando ? (
            <PreguntaCancelar enviando={enviando} alConfirmar={() => void actuar('cancelar')} alVolver={() => setPreguntando(false)} />
          ) : (
            <button type="button" onClick={() => setPreguntando(true)} className={botonPrincipal}>
              Cancelar mi reservación
            </button>
          )}
        </div>
      )}
    </article>
  );
}

function OtraReservacion({ tag }: { tag: string }) {
  return (
    <a href={`/reservacion/${encodeURIComponent(tag)}`} className={botonSecundario}>
      Hacer otra reservación
    </a>
  );
}
