import { useEffect, useRef, useState } from 'react';
import { nuevaClave } from '@/lib/envio';
import { entero, textoPersonas } from '@/lib/formato';
import type { Esquema } from '../../lib/cliente-api';
import { ErrorPublico, flujoTurno, getTurno, yaNoVoy } from '../api';
import { useConsulta } from '../reservar/use-consulta';
import { Aviso, Bloque } from '../Aviso';
import { ContactoSucursal } from '../Contacto';
import { textoTurno } from './textos';

type Turno = Esquema<'TurnoPublico'>;

/**
 * The party's own page: its place and the parties ahead, its wait, and what happened (the table
 * is ready, the party was seated, its place closed). It follows the list live through the
 * server's stream, which ends once the party is seated or gone; "Ya no voy" asks once, then
 * closes the party with the reason "el huésped".
 */
export function Turno({ id, token }: { id: string; token: string }) {
  const consulta = useConsulta(`${id}|${token}`, (signal) => getTurno(id, token, signal));
  // What the live stream (or «Ya no voy») said last; until then, the first read.
  const [vivo, setVivo] = useState<Turno | null>(null);
  const [enVivo, setEnVivo] = useState(false);
  const sigue = consulta.tipo === 'listo' && consulta.datos.estado === 'esperando';

  useEffect(() => {
    if (!sigue) return;
    const flujo = new EventSource(flujoTurno(id, token));
    flujo.onopen = () => setEnVivo(true);
    flujo.onerror = () => setEnVivo(false);
    flujo.addEventListener('turno', (e) => {
      const nuevo = JSON.parse((e as MessageEvent<string>).data) as Turno;
      setVivo(nuevo);
      // Seated or gone: nothing more will change.
      const abierto = nuevo.estado === 'esperando';
      setEnVivo(abierto);
      if (!abierto) flujo.close();
    });
    return () => flujo.close();
  }, [sigue, id, token]);

  if (consulta.tipo === 'error') {
    const invalido = consulta.status === 404;
    return (
      <Aviso titulo={invalido ? 'Este enlace no es válido' : 'No se pudo abrir tu lugar en la lista'} incrustado={false}>
        <p>{consulta.mensaje}</p>
      </Aviso>
    );
  }
  if (consulta.tipo === 'cargando') {
    return (
      <div role="status" aria-label="Cargando" className="space-y-4 px-5 py-8">
        <Bloque className="h-7 w-2/3" />
        <Bloque className="h-32 w-full" />
      </div>
    );
  }
  const turno = vivo ?? consulta.datos;
  const t = textoTurno(turno);
  return (
    <div className="px-5 py-8 sm:px-8">
      <p className="text-sm font-medium text-primary-700">
        {turno.marca} · {turno.sucursal}
      </p>
      <h1 className="mt-1 text-2xl font-bold text-stone-900">Lista de espera</h1>
      <p className="mt-1 text-base text-stone-600">
        {turno.name} · {textoPersonas(turno.personas)}
      </p>
      <section
        aria-live="polite"
        data-testid="estado-turno"
        data-estado={turno.estado}
        className={`mt-6 rounded-2xl p-6 text-center ring-1 ${t.tono === 'listo' ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : t.tono === 'cerrado' ? 'bg-stone-100 text-stone-800 ring-stone-200' : 'bg-primary-50 text-primary-950 ring-primary-200'}`}
      >
        {turno.estado === 'esperando' && !turno.avisado && turno.posicion != null ? (
          <>
            <p className="text-sm font-semibold tracking-wide uppercase">Tu lugar</p>
            <p className="text-7xl font-bold tabular-nums" data-testid="posicion">
              {entero(turno.posicion)}
            </p>
            <p className="mt-2 text-lg font-medium" data-testid="delante">
              {t.titulo}
            </p>
          </>
        ) : (
          <p className="text-2xl font-bold" data-testid="titulo-turno">
            {t.titulo}
          </p>
        )}
        {t.detalle && <p className="mt-2 text-base">{t.detalle}</p>}
      </section>
      {turno.estado === 'esperando' && (
        <>
          <p className="mt-3 flex items-center justify-center gap-2 text-sm text-stone-500" data-testid="en-vivo">
            <span aria-hidden className={`inline-block size-2 rounded-full ${enVivo ? 'bg-emerald-500' : 'bg-amber-400'}`} />
            {enVivo ? 'En vivo: esta página se actualiza sola.' : 'Reconectando… tu lugar se guarda aunque cierres la página.'}
          </p>
          <YaNoVoy id={id} token={token} alSalir={setVivo} />
        </>
      )}
      <div className="mt-8 border-t border-stone-200 pt-4">
        <ContactoSucursal contacto={turno.contacto} />
      </div>
    </div>
  );
}

/** "Ya no voy": asks once, then frees the party's place. */
function YaNoVoy({ id, token, alSalir }: { id: string; token: string; alSalir: (t: Turno) => void }) {
  const [preguntando, setPreguntando] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clave = useRef<string | null>(null);
  const confirmar = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (preguntando) confirmar.current?.focus();
  }, [preguntando]);

  async function salir() {
    if (enviando) return;
    setEnviando(true);
    setError(null);
    clave.current ??= nuevaClave();
    try {
      alSalir(await yaNoVoy(id, token, clave.current));
    } catch (e) {
      if (!(e instanceof ErrorPublico && e.status === 0)) clave.current = null;
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setEnviando(false);
    }
  }

  if (!preguntando) {
    return (
      <button
        type="button"
        onClick={() => setPreguntando(true)}
        className="mt-6 w-full rounded-xl px-4 py-3 text-base font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
      >
        Ya no voy
      </button>
    );
  }
  return (
    <div role="group" aria-label="Confirmar que ya no vienes" className="mt-6 rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
      <p className="text-base font-medium text-stone-900">¿Seguro que ya no vienes? Tu lugar pasa al siguiente grupo.</p>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <button
          ref={confirmar}
          type="button"
          onClick={salir}
          disabled={enviando}
          className="flex-1 rounded-xl bg-red-700 px-4 py-3 text-base font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {enviando ? 'Saliendo…' : 'Sí, ya no voy'}
        </button>
        <button type="button" onClick={() => setPreguntando(false)} disabled={enviando} className="flex-1 rounded-xl px-4 py-3 text-base font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-white">
          Me quedo en la lista
        </button>
      </div>
    </div>
  );
}
