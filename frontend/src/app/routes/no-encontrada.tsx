import { Link } from 'react-router';
import { useTitulo } from '@/lib/use-titulo';

export function NoEncontrada() {
  useTitulo('Página no encontrada');
  return (
    <div className="grid min-h-dvh place-items-center bg-stone-50 px-6">
      <div className="space-y-4 text-center">
        <p className="text-5xl font-bold text-primary-700">404</p>
        <h1 className="text-2xl font-bold text-stone-900">Página no encontrada</h1>
        <p className="text-stone-600">La dirección que buscas no existe en la consola.</p>
        <Link to="/" className="inline-block rounded-lg bg-primary-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-primary-800">
          Volver al inicio
        </Link>
      </div>
    </div>
  );
}
