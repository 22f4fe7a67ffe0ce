import { Button as HeadlessButton } from '@headlessui/react';
import { ArrowLeftIcon, MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { CameraIcon, EnvelopeIcon, QrCodeIcon } from '@heroicons/react/24/outline';
import { useEffect, useRef, useState, type ComponentType, type FormEvent, type SVGProps } from 'react';
import { Button } from '@/components/ui/Button';
import { CampoTexto } from '@/components/ui/Campo';
import { Spinner } from '@/components/ui/Spinner';
import type { MetodoBusqueda } from '../busqueda';

/** The scanner device's typing is read once it pauses for a second. */
export const PAUSA_LECTOR_MS = 1000;

const METODOS: { metodo: MetodoBusqueda; titulo: string; detalle: string; icono: ComponentType<SVGProps<SVGSVGElement>>; listo: boolean }[] = [
  { metodo: 'device', titulo: 'Lector QR', detalle: 'Escanea el código con el lector', icono: QrCodeIcon, listo: true },
  { metodo: 'cam', titulo: 'Cámara', detalle: 'Escanea el código con la cámara', icono: CameraIcon, listo: true },
  { metodo: 'user', titulo: 'Por correo', detalle: 'Busca con el correo del cliente', icono: EnvelopeIcon, listo: true },
];

/** The three ways to find a reservation, as large tiles. */
export function ElegirMetodo({ alElegir }: { alElegir: (m: MetodoBusqueda) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3" role="group" aria-label="Método de búsqueda">
      {METODOS.map(({ metodo, titulo, detalle, icono: Icono, listo }, i) => (
        <HeadlessButton
          key={metodo}
          autoFocus={i === 0}
          disabled={!listo}
          onClick={() => alElegir(metodo)}
          data-metodo={metodo}
          className="flex min-h-28 flex-col items-center justify-center gap-2 rounded-xl p-4 text-center ring-1 ring-stone-200 transition-colors focus:outline-none data-disabled:cursor-not-allowed data-disabled:bg-stone-50 data-disabled:opacity-70 data-focus:ring-2 data-focus:ring-primary-600 data-hover:bg-primary-50/60 data-hover:ring-primary-200 data-disabled:data-hover:bg-stone-50 data-disabled:data-hover:ring-stone-200"
        >
          <Icono aria-hidden className={`size-8 ${listo ? 'text-primary-700' : 'text-stone-400'}`} />
          <span className="text-base font-semibold text-stone-900">{titulo}</span>
          <span className="text-xs text-stone-500">{detalle}</span>
        </HeadlessButton>
      ))}
    </div>
  );
}

/** Back to the choice of method; what was found goes with it. */
export function RegresarAMetodos({ alRegresar, titulo }: { alRegresar: () => void; titulo: string }) {
  return (
    <div className="flex items-center gap-3">
      <Button variante="fantasma" onClick={alRegresar} className="min-h-11 px-3">
        <ArrowLeftIcon aria-hidden className="size-5" />
        Regresar
      </Button>
      <span className="text-sm font-semibold text-stone-500">{titulo}</span>
    </div>
  );
}

/**
 * The scanner device's box: a USB or Bluetooth reader types the code here (it is focused and
 * stays so), and the code is looked up once the typing pauses for a second, or at once on Enter.
 * Enter on the empty box goes on with what was found.
 */
export function LectorDispositivo({ buscando, alLeer, alContinuar }: { buscando: boolean; alLeer: (codigo: string) => void; alContinuar: () => void }) {
  const [texto, setTexto] = useState('');
  const caja = useRef<HTMLInputElement>(null);
  const reloj = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelar = () => {
    if (reloj.current) clearTimeout(reloj.current);
    reloj.current = null;
  };
  useEffect(() => cancelar, []);
  // Back to the box after each lookup, ready for the next scan.
  useEffect(() => {
    if (!buscando) caja.current?.focus();
  }, [buscando]);

  function leer(valor: string) {
    cancelar();
    const codigo = valor.trim();
    if (!codigo) return;
    setTexto('');
    alLeer(codigo);
  }

  return (
    <div className="space-y-2">
      <CampoTexto
        ref={caja}
        etiqueta="Código de la reservación"
        name="codigo"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        placeholder="Escanea el código QR"
        value={texto}
        onChange={(e) => {
          const valor = e.target.value;
          setTexto(valor);
          cancelar();
          reloj.current = setTimeout(() => leer(valor), PAUSA_LECTOR_MS);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (texto.trim()) leer(texto);
          else alContinuar();
        }}
      />
      <p className="flex min-h-5 items-center gap-2 text-sm text-stone-500" aria-live="polite">
        {buscando ? (
          <>
            <Spinner /> Buscando reservación…
          </>
        ) : (
          'El lector escribe el código y la búsqueda empieza sola.'
        )}
      </p>
    </div>
  );
}

/** The e-mail search — 'Ingresa los datos del cliente', 'Correo electrónico', 'Buscar cliente'. */
export function BuscarPorCorreo({ buscando, alBuscar }: { buscando: boolean; alBuscar: (correo: string) => void }) {
  const [correo, setCorreo] = useState('');
  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    alBuscar(correo);
  }
  return (
    // noValidate: core checks the e-mail with the spec's message, not the browser.
    <form onSubmit={enviar} noValidate className="space-y-3" aria-label="Buscar cliente">
      <p className="text-base font-semibold text-stone-800">Ingresa los datos del cliente</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <CampoTexto
          etiqueta="Correo electrónico"
          name="email"
          type="email"
          autoFocus
          autoComplete="off"
          value={correo}
          onChange={(e) => setCorreo(e.target.value)}
          className="flex-1"
        />
        <Button type="submit" cargando={buscando} disabled={!correo.trim()} className="min-h-11">
          {!buscando && <MagnifyingGlassIcon aria-hidden className="size-5" />}
          Buscar cliente
        </Button>
      </div>
    </form>
  );
}
