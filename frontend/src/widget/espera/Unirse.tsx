import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { nuevaClave } from '@/lib/envio';
import { textoPersonas } from '@/lib/formato';
import { PAIS_POR_DEFECTO, paisPorIso } from '@/lib/paises';
import type { Esquema } from '../../lib/cliente-api';
import { ErrorPublico, getListaEspera, unirseEspera } from '../api';
import { useConsulta } from '../reservar/use-consulta';
import { Aviso, Bloque } from '../Aviso';
import { ContactoSucursal } from '../Contacto';
import { entrada, etiqueta } from '../reservar/estilos';
import { rutaTurno } from '../ruta';

type Lista = Esquema<'ListaPublica'>;

interface Formulario {
  name: string;
  pais: string;
  local: string;
  personas: number;
  notas: string;
}

/** How long the door's tablet shows a join before it clears itself for the next guest. */
export const SEGUNDOS_KIOSCO = 20;

/**
 * Joining a branch's waitlist from the phone (the poster's QR leads here): name, phone, party and
 * notes. The server checks them with core's rules (the host's, a phone of the branch's countries,
 * a party one table or two joined seat) and answers the party's own page, where the guest goes.
 * A closed list says so calmly and shows how to reach the branch.
 *
 * On the door's tablet (`kiosco`) the targets are larger and a join does not open the party's
 * page (its secret must not stay on a shared screen): it says the place, then clears the form
 * after {@link SEGUNDOS_KIOSCO} seconds, or at "Listo".
 */
export function Unirse({ tag, navegar, kiosco = false }: { tag: string; navegar: (url: string) => void; kiosco?: boolean }) {
  const [hecho, setHecho] = useState<Esquema<'LugarEnEspera'> | null>(null);
  // Each join in the kiosk starts a new form (and reads the list again): nothing typed by the
  // last guest survives.
  const [ronda, setRonda] = useState(0);
  const consulta = useConsulta(tag, (signal) => getListaEspera(tag, signal), ronda);

  useEffect(() => {
    if (!hecho) return;
    const reloj = window.setTimeout(() => {
      setHecho(null);
      setRonda((r) => r + 1);
    }, SEGUNDOS_KIOSCO * 1000);
    return () => window.clearTimeout(reloj);
  }, [hecho]);

  function limpiar() {
    setHecho(null);
    setRonda((r) => r + 1);
  }

  function alUnirse(lugar: Esquema<'LugarEnEspera'>) {
    if (kiosco) setHecho(lugar);
    else navegar(rutaTurno(lugar.pagina));
  }

  if (consulta.tipo === 'error') {
    const noExiste = consulta.status === 404;
    return (
      <Aviso titulo={noExiste ? 'Esta sucursal no existe' : 'No se pudo abrir la lista de espera'} incrustado={false}>
        <p>{noExiste ? 'Revisa la dirección o el código que escaneaste.' : consulta.mensaje}</p>
      </Aviso>
    );
  }
  if (consulta.tipo === 'cargando') {
    return (
      <div role="status" aria-label="Cargando" className="space-y-4 px-5 py-8">
        <Bloque className="h-7 w-2/3" />
        <Bloque className="h-4 w-1/2" />
        <Bloque className="h-40 w-full" />
      </div>
    );
  }
  if (hecho) {
    return (
      <div role="status" className="px-5 py-16 text-center sm:px-8" data-testid="kiosco-listo">
        <p className="text-3xl font-bold text-stone-900">¡Listo! Ya estás en la lista.</p>
        <p className="mt-6 text-lg font-semibold tracking-wide text-stone-600 uppercase">Tu lugar</p>
        <p className="text-8xl font-bold text-primary-800 tabular-nums">{hecho.posicion}</p>
        <p className="mt-6 text-xl text-stone-700">{hecho.sms ? 'Te enviamos por SMS el enlace para seguir tu lugar desde tu celular.' : 'La hostess te llamará por tu nombre cuando tu mesa esté lista.'}</p>
        <button type="button" onClick={limpiar} className="mt-10 w-full rounded-2xl bg-primary-700 px-6 py-5 text-xl font-semibold text-white hover:bg-primary-800">
          Listo
        </button>
        <p className="mt-3 text-sm text-stone-500">Esta pantalla se limpia sola en {SEGUNDOS_KIOSCO} segundos.</p>
      </div>
    );
  }
  const lista = consulta.datos;
  return (
    <div className={`px-5 py-8 sm:px-8 ${kiosco ? 'text-lg [&_button]:py-5 [&_button]:text-xl [&_input]:py-4 [&_input]:text-xl [&_label]:text-lg [&_select]:py-4 [&_select]:text-xl [&_textarea]:text-xl' : ''}`} data-kiosco={kiosco || undefined}>
      <p className="text-sm font-medium text-primary-700">{lista.marca}</p>
      <h1 className="mt-1 text-2xl font-bold text-stone-900">Lista de espera · {lista.name}</h1>
      <p className="mt-2 text-base text-stone-600" data-testid="esperando-ahora">
        {lista.esperando === 0 ? 'Nadie espera mesa ahora.' : lista.esperando === 1 ? 'Hay 1 grupo esperando mesa.' : `Hay ${lista.esperando} grupos esperando mesa.`}
      </p>
      {lista.abierta ? (
        <FormularioUnirse key={ronda} lista={lista} alUnirse={alUnirse} />
      ) : (
        <div role="status" className="mt-6 rounded-xl bg-amber-50 p-4 text-base text-amber-900 ring-1 ring-amber-200" data-testid="lista-cerrada">
          <p className="font-semibold">Por ahora no tomamos lugares en línea.</p>
          <p className="mt-1">{lista.motivo}</p>
        </div>
      )}
      <div className="mt-8 border-t border-stone-200 pt-4">
        <ContactoSucursal contacto={lista.contacto} />
      </div>
    </div>
  );
}

function FormularioUnirse({ lista, alUnirse }: { lista: Lista; alUnirse: (lugar: Esquema<'LugarEnEspera'>) => void }) {
  const id = useId();
  const formulario = useRef<HTMLFormElement>(null);
  const paises = lista.paises_telefono.length > 0 ? lista.paises_telefono : [PAIS_POR_DEFECTO];
  const [f, setF] = useState<Formulario>({ name: '', pais: paises[0] ?? PAIS_POR_DEFECTO, local: '', personas: 2, notas: '' });
  const [error, setError] = useState<{ mensaje: string; campo: string | null } | null>(null);
  const [enviando, setEnviando] = useState(false);
  const enviandoAhora = useRef(false);
  const intento = useRef<{ clave: string; datos: string } | null>(null);
  const cambiar = <K extends keyof Formulario>(campo: K, valor: Formulario[K]) => setF((a) => ({ ...a, [campo]: valor }));
  const invalido = (campo: string) => (error?.campo === campo ? true : undefined);

  function marcar(mensaje: string, campo: string | null) {
    setError({ mensaje, campo });
    if (campo) formulario.current?.querySelector<HTMLElement>(`[name="${campo}"]`)?.focus();
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (enviandoAhora.current) return;
    enviandoAhora.current = true;
    setEnviando(true);
    setError(null);
    try {
      const local = f.local.replace(/\D/g, '');
      const datos = { name: f.name, phone: local === '' ? '' : paisPorIso(f.pais).codigo + local, personas: f.personas, notas: f.notas };
      // The same join tried again (its answer was lost) keeps its key; changed data get a new one.
      const texto = JSON.stringify(datos);
      if (intento.current?.datos !== texto) intento.current = { clave: nuevaClave(), datos: texto };
      const lugar = await unirseEspera(lista.tag, datos, intento.current.clave);
      intento.current = null;
      alUnirse(lugar);
    } catch (err) {
      if (!(err instanceof ErrorPublico && err.status === 0)) intento.current = null;
      const campo = err instanceof ErrorPublico ? ((err.data as { campo?: string } | null)?.campo ?? null) : null;
      marcar(err instanceof Error ? err.message : String(err), campo);
    } finally {
      enviandoAhora.current = false;
      setEnviando(false);
    }
  }

  const opciones = Array.from({ length: Math.max(1, lista.personas_max) }, (_, i) => i + 1);
  return (
    <form ref={formulario} onSubmit={enviar} noValidate className="mt-6 space-y-5" aria-label="Anotarme en la lista de espera">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-name`} className={etiqueta}>
          Nombre
        </label>
        <input id={`${id}-name`} name="name" autoComplete="name" value={f.name} aria-invalid={invalido('name')} onChange={(e) => cambiar('name', e.target.value)} className={entrada} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-phone`} className={etiqueta}>
          Celular
        </label>
        <div className="flex gap-2">
          {paises.length > 1 ? (
            <select aria-label="País del celular" name="pais" value={f.pais} onChange={(e) => cambiar('pais', e.target.value)} className={`${entrada} w-auto shrink-0`}>
              {paises.map((p) => (
                <option key={p} value={p}>
                  {paisPorIso(p).nombre} (+{paisPorIso(p).codigo})
                </option>
              ))}
            </select>
          ) : (
            <span className="flex shrink-0 items-center rounded-lg bg-stone-50 px-3 text-base font-semibold text-stone-800 ring-1 ring-stone-300 ring-inset tabular-nums" data-campo="codigo-pais">
              +{paisPorIso(f.pais).codigo}
            </span>
          )}
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={f.local}
            aria-invalid={invalido('phone')}
            onChange={(e) => cambiar('local', e.target.value)}
            className={entrada}
          />
        </div>
        <p className="text-sm text-stone-500">
          {lista.envia_sms ? 'Te enviaremos por SMS el enlace para seguir tu lugar; la hostess te llama a este número.' : 'La hostess te llama a este número cuando tu mesa esté lista.'}
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-personas`} className={etiqueta}>
          Personas
        </label>
        <select id={`${id}-personas`} name="personas" value={f.personas} aria-invalid={invalido('personas')} onChange={(e) => cambiar('personas', Number(e.target.value))} className={entrada}>
          {opciones.map((n) => (
            <option key={n} value={n}>
              {textoPersonas(n)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-notas`} className={etiqueta}>
          Notas <span className="font-normal text-stone-500">(opcional)</span>
        </label>
        <textarea id={`${id}-notas`} name="notas" rows={2} maxLength={200} value={f.notas} aria-invalid={invalido('notas')} onChange={(e) => cambiar('notas', e.target.value)} placeholder="Por ejemplo: silla para bebé" className={entrada} />
      </div>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200" data-testid="error-espera">
          {error.mensaje}
        </p>
      )}
      <button
        type="submit"
        disabled={enviando}
        className="w-full rounded-xl bg-primary-700 px-4 py-4 text-lg font-semibold text-white shadow-sm hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 disabled:opacity-60"
      >
        {enviando ? 'Anotando…' : 'Anotarme en la lista'}
      </button>
    </form>
  );
}
