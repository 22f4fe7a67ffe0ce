import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { horaCorta, textoPersonas } from '../lib/formato';
import { PAISES, PAIS_POR_DEFECTO, paisPorIso } from '../lib/paises';
import { iniciarCore, limitarTelefono, validarDatosPersonales, validarEdicionReservacion, type Evento } from '../lib/wasm';
import { EVENTOS } from '../lib/eventos';
import { ErrorPublico, getDisponibilidad, getSucursal, reservaPersonal, reservar, type Disponibilidad, type SucursalPublica } from './api';
import { avisarReservada } from '../lib/mensaje-widget';
import { rutaConfirmacion, type Origen } from './ruta';
import { nuevaClave } from '../lib/envio';

/** Spec §3: the event values, "Ninguno" first. */

/** The WASM core did not load (a network cut mid-download): nothing can be checked or sent. */
const SIN_REGLAS = 'No se pudo cargar la página por completo. Revisa tu conexión y recárgala.';

const entrada =
  'block w-full min-w-0 rounded-lg border-0 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm ring-1 ring-stone-300 ring-inset placeholder:text-stone-400 focus:ring-2 focus:ring-primary-600 focus:outline-none aria-invalid:ring-red-500 sm:text-sm';
const etiqueta = 'block text-sm font-medium text-stone-700';

type Estado<T> = { tipo: 'cargando' } | { tipo: 'listo'; datos: T; clave: string } | { tipo: 'error'; mensaje: string; status: number };

/** One GET that follows its inputs; a newer question cancels the one on its way. */
function useConsulta<T>(clave: string | null, pedir: (signal: AbortSignal) => Promise<T>, vuelta = 0): Estado<T> {
  const [estado, setEstado] = useState<Estado<T>>({ tipo: 'cargando' });
  const pedirRef = useRef(pedir);
  pedirRef.current = pedir;
  useEffect(() => {
    if (clave === null) return;
    const control = new AbortController();
    setEstado({ tipo: 'cargando' });
    pedirRef.current(control.signal).then(
      (datos) => setEstado({ tipo: 'listo', datos, clave }),
      (e: unknown) => {
        if (control.signal.aborted) return;
        setEstado({ tipo: 'error', mensaje: e instanceof Error ? e.message : String(e), status: e instanceof ErrorPublico ? e.status : 0 });
      },
    );
    return () => control.abort();
  }, [clave, vuelta]);
  return estado;
}

function Bloque({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded-md bg-stone-200 ${className}`} />;
}

/** The page when the branch cannot be shown: unknown tag, or the server unreachable. */
export function Aviso({
  titulo,
  children,
  incrustado,
  rol = 'alert',
}: {
  titulo: string;
  children?: ReactNode;
  incrustado: boolean;
  rol?: 'alert' | 'status';
}) {
  return (
    <div role={rol} className={`mx-auto max-w-md px-5 text-center ${incrustado ? 'py-10' : 'py-20'}`} data-testid="aviso-widget">
      <h1 className="text-lg font-semibold text-stone-900">{titulo}</h1>
      {children && <div className="mt-2 text-sm text-stone-600">{children}</div>}
    </div>
  );
}

/** The bookable times of one day: radio buttons, so arrows move between them. */
function Horarios({
  consulta,
  hora,
  alElegir,
  columnas,
}: {
  consulta: Estado<Disponibilidad>;
  hora: string;
  alElegir: (h: string) => void;
  columnas: string;
}) {
  if (consulta.tipo === 'cargando') {
    return (
      <div role="status" aria-label="Cargando horarios" className={`grid gap-2 ${columnas}`}>
        {Array.from({ length: 8 }, (_, i) => (
          <Bloque key={i} className="h-11" />
        ))}
      </div>
    );
  }
  if (consulta.tipo === 'error') {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800">
        {consulta.mensaje}
      </p>
    );
  }
  const d = consulta.datos;
  if (d.cerrado) {
    return (
      <p role="status" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900" data-disponibilidad="cerrado">
        {d.motivo ?? 'Sin horarios disponibles'}
      </p>
    );
  }
  if (d.horarios.length === 0) {
    return (
      <p role="status" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900" data-disponibilidad="lleno">
        {d.motivo ?? 'Sin horarios disponibles'}
      </p>
    );
  }
  return (
    <div className={`grid gap-2 ${columnas}`} data-disponibilidad="horarios">
      {d.horarios.map((h) => (
        <label
          key={h}
          className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-1 text-sm whitespace-nowrap font-semibold text-stone-800 tabular-nums ring-1 ring-stone-300 ring-inset hover:bg-stone-50 has-checked:bg-primary-700 has-checked:text-white has-checked:ring-primary-700 has-focus-visible:ring-2 has-focus-visible:ring-primary-600 has-focus-visible:ring-offset-2"
        >
          <input type="radio" name="hora" value={h} checked={hora === h} onChange={() => alElegir(h)} className="sr-only" />
          {horaCorta(`2000-01-01 ${h}`)}
        </label>
      ))}
    </div>
  );
}

/**
 * The booking: date, party size and a free time first (the server's availability), then who
 * books. Core checks the contact and the booking through WASM before anything is sent; the
 * server checks all again and answers the last word (a time just taken is a 409).
 */
export function Reservar({
  tag,
  origin,
  personasMax,
  afiliado,
  incrustado,
  navegar,
}: {
  tag: string;
  origin: Origen;
  personasMax: number | null;
  afiliado: string | null;
  incrustado: boolean;
  navegar: (url: string) => void;
}) {
  const sucursal = useConsulta<SucursalPublica>(tag, (s) => getSucursal(tag, s));
  const [personal] = useState(() => reservaPersonal(origin));
  if (sucursal.tipo === 'cargando') {
    return (
      <div role="status" aria-label="Cargando sucursal" className="space-y-4 p-5">
        <Bloque className="h-6 w-48" />
        <Bloque className="h-4 w-32" />
        <div className="grid gap-3 sm:grid-cols-2">
          <Bloque className="h-11" />
          <Bloque className="h-11" />
        </div>
        <Bloque className="h-24" />
      </div>
    );
  }
  if (sucursal.tipo === 'error') {
    return (
      <Aviso incrustado={incrustado} titulo={sucursal.status === 404 ? sucursal.mensaje : 'No se pudo abrir la reservación'}>
        {sucursal.status === 404 ? <p>Revisa la dirección o pregunta al restaurante por su enlace de reservaciones.</p> : <p>{sucursal.mensaje}</p>}
      </Aviso>
    );
  }
  return (
    <Formulario
      sucursal={sucursal.datos}
      origin={origin}
      // The branch's limit is core's (the server sends it: what its tables seat); the URL may only
      // lower it. Staff book groups the floor seats by joining tables, up to the URL's limit (50).
      limite={
        personal
          ? Math.max(1, Math.min(personasMax ?? sucursal.datos.personas_max_personal, sucursal.datos.personas_max_personal))
          : Math.max(1, Math.min(personasMax ?? sucursal.datos.personas_max, sucursal.datos.personas_max))
      }
      personal={personal}
      afiliado={afiliado}
      incrustado={incrustado}
      navegar={navegar}
    />
  );
}

function Formulario({
  sucursal,
  origin,
  limite,
  personal,
  afiliado,
  incrustado,
  navegar,
}: {
  sucursal: SucursalPublica;
  origin: Origen;
  limite: number;
  personal: boolean;
  afiliado: string | null;
  incrustado: boolean;
  navegar: (url: string) => void;
}) {
  const id = useId();
  const [fecha, setFecha] = useState(sucursal.fecha_min);
  const [personas, setPersonas] = useState(Math.min(2, limite));
  const [hora, setHora] = useState('');
  const [vuelta, setVuelta] = useState(0);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [pais, setPais] = useState(PAIS_POR_DEFECTO);
  const [local, setLocal] = useState('');
  const [evento, setEvento] = useState<Evento>('Ninguno');
  const [comentarios, setComentarios] = useState('');
  const [error, setError] = useState<{ mensaje: string; campo: string | null } | null>(null);
  const [enviando, setEnviando] = useState(false);
  const enviandoAhora = useRef(false);
  const intento = useRef<{ clave: string; datos: string } | null>(null);
  const formulario = useRef<HTMLFormElement>(null);

  const fechaValida = /^\d{4}-\d{2}-\d{2}$/.test(fecha) && fecha >= sucursal.fecha_min && fecha <= sucursal.fecha_max;
  const disponibilidad = useConsulta<Disponibilidad>(
    fechaValida ? `${fecha}|${personas}` : null,
    (s) => getDisponibilidad(sucursal.tag, fecha, personas, s, personal),
    vuelta,
  );
  // A time chosen for another day or party is no choice at all.
  const horarios = disponibilidad.tipo === 'listo' ? disponibilidad.datos.horarios : [];
  const horaElegida = horarios.includes(hora) ? hora : '';

  function marcarError(mensaje: string, campoRegla: string | null) {
    // Core and the server name the booking's date and time `fecha_hora`; here it is the date box.
    const campo = campoRegla === 'fecha_hora' ? 'fecha' : campoRegla;
    setError({ mensaje, campo });
    const el = campo ? formulario.current?.querySelector<HTMLElement>(`[name="${campo}"]`) : null;
    el?.focus();
  }

  async function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // The state reaches the next click only after a render; the ref stops a double tap at once.
    if (enviandoAhora.current || enviando || !horaElegida) return;
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
      const fechaHora = `${fecha} ${horaElegida}`;
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
        // A partner's code (DESIGN §4, afiliados) from the widget's URL.
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
          setHora('');
          setVuelta((v) => v + 1);
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

  const invalido = (campo: string) => (error?.campo === campo ? true : undefined);
  const codigo = paisPorIso(pais).codigo;

  return (
    <form
      ref={formulario}
      onSubmit={(e) => void enviar(e)}
      noValidate
      aria-labelledby={`${id}-titulo`}
      className={incrustado ? 'space-y-4 p-4' : 'space-y-6 p-5 sm:p-8'}
      data-testid="formulario-reserva"
    >
      <header>
        <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase">{sucursal.marca}</p>
        <h1 id={`${id}-titulo`} className={`${incrustado ? 'text-lg' : 'text-2xl'} font-semibold text-stone-900`}>
          Reserva en {sucursal.name}
        </h1>
      </header>

      <div className={`grid gap-4 ${incrustado ? 'sm:grid-cols-2 sm:gap-x-6' : ''}`}>
        <fieldset className="min-w-0 space-y-4">
          <legend className="sr-only">Fecha, personas y horario</legend>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1.5">
              <label htmlFor={`${id}-fecha`} className={etiqueta}>
                Fecha
              </label>
              <input
                id={`${id}-fecha`}
                name="fecha"
                type="date"
                required
                min={sucursal.fecha_min}
                max={sucursal.fecha_max}
                value={fecha}
                aria-invalid={invalido('fecha')}
                onChange={(e) => {
                  setFecha(e.target.value);
                  setError(null);
                }}
                className={`${entrada} tabular-nums`}
              />
            </div>
            <div className="space-y-1.5">
              <label htmlFor={`${id}-personas`} className={etiqueta}>
                Personas
              </label>
              <select
                id={`${id}-personas`}
                name="no_personas"
                value={personas}
                aria-invalid={invalido('no_personas')}
                onChange={(e) => {
                  setPersonas(Number(e.target.value));
                  setError(null);
                }}
                className={entrada}
              >
                {Array.from({ length: limite }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {textoPersonas(n)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <fieldset
            className="min-w-0 space-y-1.5"
            aria-invalid={invalido('hora')}
            // Which date and party the times shown answer (a test waits for its own).
            data-consulta={disponibilidad.tipo === 'listo' ? disponibilidad.clave : ''}
          >
            <legend className={etiqueta}>Horario</legend>
            {fechaValida ? (
              <Horarios
                columnas={incrustado ? 'grid-cols-3' : 'grid-cols-3 sm:grid-cols-4'}
                consulta={disponibilidad}
                hora={horaElegida}
                alElegir={(h) => (setHora(h), setError(null))}
              />
            ) : (
              <p role="status" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
                Elige una fecha entre el {fechaTexto(sucursal.fecha_min)} y el {fechaTexto(sucursal.fecha_max)}.
              </p>
            )}
          </fieldset>
        </fieldset>

        <fieldset className="min-w-0 space-y-4">
          <legend className="sr-only">Tus datos</legend>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-name`} className={etiqueta}>
              Nombre
            </label>
            <input
              id={`${id}-name`}
              name="name"
              autoComplete="name"
              value={name}
              aria-invalid={invalido('name')}
              onChange={(e) => setName(e.target.value)}
              className={entrada}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-email`} className={etiqueta}>
              Correo electrónico
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              aria-invalid={invalido('email')}
              onChange={(e) => setEmail(e.target.value)}
              className={entrada}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-phone`} className={etiqueta}>
              Teléfono
            </label>
            <div className="flex gap-2">
              {/* The country's code shows; the native list (every country, by name) opens on it. */}
              <div className="relative flex shrink-0 items-center gap-1 rounded-lg bg-stone-50 px-3 text-sm font-semibold text-stone-800 shadow-sm ring-1 ring-stone-300 ring-inset focus-within:ring-2 focus-within:ring-primary-600">
                <span aria-hidden className="text-xs text-stone-500">
                  {pais}
                </span>
                <span aria-hidden className="tabular-nums" data-campo="codigo-pais">
                  +{codigo}
                </span>
                <span aria-hidden className="text-stone-400">
                  ▾
                </span>
                <select
                  aria-label={`País: ${paisPorIso(pais).nombre} (+${codigo})`}
                  name="pais"
                  value={pais}
                  onChange={(e) => setPais(e.target.value)}
                  className="absolute inset-0 size-full cursor-pointer opacity-0"
                >
                  {PAISES.map((p) => (
                    <option key={p.iso} value={p.iso}>
                      {p.nombre} (+{p.codigo})
                    </option>
                  ))}
                </select>
              </div>
              <input
                id={`${id}-phone`}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                value={local}
                aria-invalid={invalido('phone')}
                onChange={(e) => setLocal(e.target.value)}
                className={`${entrada} min-w-0 flex-1 tabular-nums`}
              />
            </div>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-evento`} className={etiqueta}>
              Evento
            </label>
            <select id={`${id}-evento`} name="evento" value={evento} onChange={(e) => setEvento(e.target.value as Evento)} className={entrada}>
              {EVENTOS.map((ev) => (
                <option key={ev} value={ev}>
                  {ev}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-comentarios`} className={etiqueta}>
              Comentarios <span className="font-normal text-stone-500">(opcional)</span>
            </label>
            <textarea
              id={`${id}-comentarios`}
              name="comentarios"
              rows={incrustado ? 2 : 3}
              value={comentarios}
              aria-invalid={invalido('comentarios')}
              onChange={(e) => setComentarios(e.target.value)}
              className={entrada}
            />
          </div>
        </fieldset>
      </div>

      <p className="text-xs leading-relaxed text-stone-500" data-testid="aviso-privacidad">
        Usamos tu nombre, correo y teléfono solo para confirmar y administrar esta reservación; no los compartimos con nadie
        más. Te enviaremos la confirmación con tu código QR por correo.
      </p>
      {/* In a frame the button stays in sight while the form scrolls under it. */}
      <div className={`space-y-2 ${incrustado ? 'sticky bottom-0 -mx-4 border-t border-stone-200 bg-white/95 px-4 pt-3 pb-2 backdrop-blur' : ''}`}>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800" data-testid="error-reserva">
            {error.mensaje}
          </p>
        )}
        <button
          type="submit"
          disabled={enviando || !horaElegida}
          aria-describedby={`${id}-resumen`}
          className="flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-primary-700 px-4 text-base font-semibold text-white shadow-sm hover:bg-primary-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
        >
          {enviando && <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
          {enviando ? 'Reservando…' : 'Reservar'}
        </button>
        <p id={`${id}-resumen`} className="text-center text-sm text-stone-600" aria-live="polite">
          {horaElegida ? `${textoPersonas(personas)} · ${fechaTexto(fecha)} · ${horaCorta(`2000-01-01 ${horaElegida}`)}` : 'Elige fecha, personas y un horario disponible.'}
        </p>
      </div>
    </form>
  );
}

const fmtFecha = new Intl.DateTimeFormat('es-MX', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "sáb, 28 nov" for a YYYY-MM-DD. */
function fechaTexto(fecha: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fecha);
  return m ? fmtFecha.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))) : fecha;
}
