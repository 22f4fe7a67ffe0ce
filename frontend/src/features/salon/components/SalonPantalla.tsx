import { useTitulo } from '@/lib/use-titulo';
import { Salon } from '@/modulos/salon/components/Salon';

/** /salon: the branch's floor, live; a free table seats a walk-in through the wizard. */
export function SalonPantalla() {
  useTitulo('Salón');
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-stone-900">Salón</h1>
      <Salon enlaceSentar={(mesa) => `/walkin/registrar?${new URLSearchParams({ mesa })}`} />
    </div>
  );
}
