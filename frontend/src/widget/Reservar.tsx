import { useId, useRef, useState } from 'react';
import { fechaConDia, horaCorta, textoPersonas } from '../lib/formato';
import { PAIS_POR_DEFECTO } from '../lib/paises';
import { getDisponibilidad, getSucursal, reservaPersonal } from './api';
import type { Esquema } from '../lib/cliente-api';
import { Aviso, Bloque } from './Aviso';
import { CamposContacto } from './reservar/CamposContacto';
import { CamposEleccion } from './reservar/CamposEleccion';
import { useConsulta } from './reservar/use-consulta';
import { useEnvioReserva, type Contacto } from './reservar/use-envio';
import type { Origen } from './ruta';
import { ContactoSucursal } from './Contacto';

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
  const sucursal = useConsulta<Esquema<'SucursalPublica'>>(tag, (s) => getSucursal(tag, s));
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

const CONTACTO_VACIO: Contacto = { name: '', email: '', pais: PAIS_POR_DEFECTO, local: '', evento: 'Ninguno', comentarios: '' };

function Formulario({
  sucursal,
  origin,
  limite,
  personal,
  afiliado,
  incrustado,
  navegar,
}: {
  sucursal: Esquema<'SucursalPublica'>;
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
  const [contacto, setContacto] = useState(CONTACTO_VACIO);
  const formulario = useRef<HTMLFormElement>(null);

  const fechaValida = /^\d{4}-\d{2}-\d{2}$/.test(fecha) && fecha >= sucursal.fecha_min && fecha <= sucursal.fecha_max;
  const disponibilidad = useConsulta<Esquema<'Disponibilidad'>>(
    fechaValida ? `${fecha}|${personas}` : null,
    (s) => getDisponibilidad(sucursal.tag, fecha, personas, s, personal),
    vuelta,
  );
  // A time chosen for another day or party is no choice at all.
  const horarios = disponibilidad.tipo === 'listo' ? disponibilidad.datos.horarios : [];
  const horaElegida = horarios.includes(hora) ? hora : '';

  const { error, setError, enviando, enviar } = useEnvioReserva({
    sucursal,
    origin,
    afiliado,
    navegar,
    formulario,
    // Taken a moment ago by someone else: the time is cleared and the free ones asked again.
    alPerderHora: () => {
      setHora('');
      setVuelta((v) => v + 1);
    },
  });

  const invalido = (campo: string) => (error?.campo === campo ? true : undefined);

  return (
    <form
      ref={formulario}
      onSubmit={(e) => {
        e.preventDefault();
        void enviar({ fecha, personas, hora: horaElegida }, contacto);
      }}
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
        <div className="mt-1">
          <ContactoSucursal contacto={sucursal.contacto} compacto={incrustado} />
        </div>
      </header>

      <div className={`grid gap-4 ${incrustado ? 'sm:grid-cols-2 sm:gap-x-6' : ''}`}>
        <CamposEleccion
          id={id}
          sucursal={sucursal}
          limite={limite}
          fecha={fecha}
          alCambiarFecha={(f) => {
            setFecha(f);
            setError(null);
          }}
          personas={personas}
          alCambiarPersonas={(n) => {
            setPersonas(n);
            setError(null);
          }}
          fechaValida={fechaValida}
          disponibilidad={disponibilidad}
          hora={horaElegida}
          alElegirHora={(h) => (setHora(h), setError(null))}
          invalido={invalido}
          incrustado={incrustado}
        />
        <CamposContacto
          id={id}
          contacto={contacto}
          cambiar={(campo, valor) => setContacto((c) => ({ ...c, [campo]: valor }))}
          invalido={invalido}
          incrustado={incrustado}
        />
      </div>

      <p className="text-xs leading-relaxed text-stone-500" data-testid="aviso-privacidad">
        Usamos tu nombre, correo y teléfono solo para confirmar y administrar esta reservación; no los compartimos con nadie
        más.{' '}
        {sucursal.envia_correo
          ? 'Te enviaremos la confirmación con tu código QR por correo.'
          : 'Al reservar verás tu código QR: guárdalo o tómale una captura.'}
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
          {horaElegida ? `${textoPersonas(personas)} · ${fechaConDia(fecha)} · ${horaCorta(horaElegida)}` : 'Elige fecha, personas y un horario disponible.'}
        </p>
      </div>
    </form>
  );
}
