import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The router's fallback when a screen fails; its heading is the spec's, word for word. */
export function ErrorRuta() {
  const error = useRouteError();
  const detalle = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="grid min-h-dvh place-items-center bg-stone-50 px-6">
      <div className="max-w-xl space-y-4 text-center">
        <h2 className="text-2xl font-bold text-primary-800">Unexpected Application Error!</h2>
        <p className="text-stone-600">Algo salió mal al mostrar esta pantalla.</p>
        <pre className="overflow-x-auto rounded-lg bg-stone-100 p-4 text-left text-sm whitespace-pre-wrap text-stone-700">
          {detalle}
        </pre>
        <Link to="/" className="inline-block rounded-lg bg-primary-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-primary-800">
          Volver al inicio
        </Link>
      </div>
    </div>
  );
}
