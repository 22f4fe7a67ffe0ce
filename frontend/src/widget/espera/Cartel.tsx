import { getCartelEspera } from '../api';
import { Aviso, Bloque } from '../Aviso';
import { useConsulta } from '../reservar/use-consulta';

/**
 * The poster for the door and the tables, on a letter page: the branch's name, the join page's
 * QR and its address written out. "Imprimir" opens the browser's print (or save as PDF); the
 * button itself does not print.
 */
export function Cartel({ tag }: { tag: string }) {
  const consulta = useConsulta(tag, (signal) => getCartelEspera(tag, signal));
  if (consulta.tipo === 'error') {
    return (
      <Aviso titulo="No se pudo preparar el cartel" incrustado={false}>
        <p>{consulta.mensaje}</p>
      </Aviso>
    );
  }
  if (consulta.tipo === 'cargando') {
    return (
      <div role="status" aria-label="Cargando" className="space-y-4 px-5 py-8">
        <Bloque className="mx-auto h-10 w-2/3" />
        <Bloque className="mx-auto size-64" />
      </div>
    );
  }
  const cartel = consulta.datos;
  return (
    <div className="px-6 py-10 text-center print:p-0" data-testid="cartel-espera">
      <style>{'@page { size: letter; margin: 0.6in; }'}</style>
      <p className="text-xl font-medium text-primary-700">{cartel.marca}</p>
      <h1 className="mt-1 text-4xl font-bold text-stone-900 print:text-5xl">{cartel.name}</h1>
      <p className="mt-8 text-3xl font-bold text-stone-900 print:text-4xl">Lista de espera</p>
      <p className="mt-2 text-xl text-stone-700">Escanea el código con tu celular para anotarte y seguir tu lugar en vivo.</p>
      <div
        role="img"
        aria-label={`Código QR de ${cartel.url}`}
        className="mx-auto mt-8 aspect-square w-full max-w-80 [&>svg]:block [&>svg]:size-full print:max-w-[4.5in]"
        data-testid="qr-cartel"
        // The server draws the code (core's encoder); it is markup of its own making.
        dangerouslySetInnerHTML={{ __html: cartel.qr_svg }}
      />
      <p className="mt-6 text-lg font-semibold break-all text-stone-800" data-testid="url-cartel">
        {cartel.url}
      </p>
      <p className="mt-2 text-base text-stone-600">Sin filas: te avisamos cuando tu mesa esté lista.</p>
      <button
        type="button"
        onClick={() => window.print()}
        className="mt-10 rounded-xl bg-primary-700 px-8 py-3 text-lg font-semibold text-white hover:bg-primary-800 print:hidden"
      >
        Imprimir
      </button>
    </div>
  );
}
