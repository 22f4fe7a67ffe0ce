import { useState } from 'react';
import { cancelarReservacion, confirmarAsistencia, type Hecho } from '../api';
import type { Esquema } from '../../lib/cliente-api';
import { FormCambio } from './FormCambio';
import { Girando, Nota, PreguntaCancelar, botonPeligro, botonPrincipal, botonSecundario } from './piezas';
import { textoCierre, textoPlazo } from './textos';
import { esDefinitivo, useAccion } from './use-accion';

/** The last action's words, numbered so the same words said again are shown (and focused) again. */
export interface AvisoHecho {
  mensaje: string;
  n: number;
}

/**
 * The guest's own page, under the QR: while the reservation may still change online (the
 * server's `editable`), confirm attendance, change the party or the time, or cancel (asked
 * first, in the page). A pending reservation past that says until when it could change.
 * `alHacer` hears each result: the server's words to show, or null after a refusal; the page
 * reads the reservation again either way.
 */
export function Gestion({
  r,
  id,
  token,
  aviso,
  alHacer,
}: {
  r: Esquema<'ConfirmacionPublica'>;
  id: string;
  token: string;
  aviso: AvisoHecho | null;
  alHacer: (mensaje: string | null) => void;
}) {
  const { enviando, ejecutar } = useAccion();
  const [modo, setModo] = useState<'botones' | 'cambiar' | 'cancelar'>('botones');
  const [error, setError] = useState<string | null>(null);
  // Which button's action is on its way (its spinner); all wait meanwhile.
  const [accion, setAccion] = useState<'confirmar' | 'cancelar' | null>(null);

  async function actuar(que: 'confirmar' | 'cancelar') {
    setError(null);
    setAccion(que);
    const hecho = await ejecutar<Hecho>([que, id, token], (clave) => (que === 'confirmar' ? confirmarAsistencia(id, token, clave) : cancelarReservacion(id, token, clave)));
    setAccion(null);
    if (!hecho) return;
    if (hecho.ok) {
      setModo('botones');
      return alHacer(hecho.datos.mensaje);
    }
    setError(hecho.error.message);
    if (esDefinitivo(hecho.error)) {
      setModo('botones');
      alHacer(null);
    }
  }

  const pendiente = r.status === 'Pendiente';
  // Arrived: nothing to do here. Cancelled or missed: only booking again.
  if (r.status === 'Asistio' && !aviso) return null;
  return (
    <section aria-labelledby="titulo-gestion" className="mt-6 space-y-4 border-t border-stone-200 pt-5 print:hidden" data-testid="gestion">
      <h2 id="titulo-gestion" className={pendiente ? 'text-lg font-semibold text-stone-900' : 'sr-only'}>
        {pendiente ? 'Administra tu reservación' : 'Otra reservación'}
      </h2>
      {aviso && (
        <Nota key={aviso.n} tono="exito" titulo={aviso.mensaje} enfocar prueba="aviso-gestion">
          {r.status === 'Cancelada' ? <p>Gracias por avisarnos.</p> : null}
        </Nota>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800" data-testid="error-gestion">
          {error}
        </p>
      )}
      {pendiente && r.editable ? (
        <>
          <p className="text-sm text-stone-600" data-testid="plazo-cambios">
            {textoPlazo(r.cambiar_hasta, r.fecha_hora)}
          </p>
          {modo === 'cambiar' ? (
            <FormCambio
              r={r}
              id={id}
              token={token}
              enviando={enviando}
              ejecutar={ejecutar}
              alGuardar={(mensaje) => {
                setModo('botones');
                setError(null);
                alHacer(mensaje);
              }}
              alRechazo={() => alHacer(null)}
              alCerrar={() => setModo('botones')}
            />
          ) : modo === 'cancelar' ? (
            <PreguntaCancelar enviando={enviando} alConfirmar={() => void actuar('cancelar')} alVolver={() => setModo('botones')} />
          ) : (
            <div className="grid gap-2 sm:grid-cols-2" data-testid="acciones-huesped">
              {!r.confirmada && (
                <button
                  type="button"
                  onClick={() => void actuar('confirmar')}
                  disabled={enviando}
                  aria-busy={accion === 'confirmar' || undefined}
                  className={`${botonPrincipal} sm:col-span-2`}
                >
                  {accion === 'confirmar' && <Girando claro />}
                  {accion === 'confirmar' ? 'Confirmando…' : 'Confirmo mi asistencia'}
                </button>
              )}
              <button
                type="button"
                onClick={() => {
                  setError(null);
                  setModo('cambiar');
                }}
                disabled={enviando}
                className={botonSecundario}
              >
                Cambiar personas u hora
              </button>
              <button
                type="button"
                onClick={() => {
                  setError(null);
                  setModo('cancelar');
                }}
                disabled={enviando}
                className={botonPeligro}
              >
                Cancelar reservación
              </button>
            </div>
          )}
        </>
      ) : pendiente ? (
        <Nota tono="aviso" prueba="cambios-cerrados">
          <p>{textoCierre(r.cambiar_hasta, r.fecha_hora)}</p>
        </Nota>
      ) : null}
    </section>
  );
}
