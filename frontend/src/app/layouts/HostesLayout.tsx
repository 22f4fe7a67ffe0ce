import { Outlet } from 'react-router';
import { MarcaEnlace } from '@/components/ui/MarcaEnlace';
import { Reloj } from '@/components/ui/Reloj';
import { useMe } from '@/features/auth/api/me';
import { rutaInicial } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { SelectorSucursal } from '@/modulos/sucursales/components/SelectorSucursal';
import { MenuUsuario } from './MenuUsuario';

/**
 * The host stand's full-screen frame: logo, live clock, the branch the stand works for (and the
 * switch between the user's branches) and the user menu, with the way back to the console.
 */
export function HostesLayout() {
  const { usuario, autenticado } = useSesion();
  useMe(autenticado);
  if (!usuario) return null;
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <header className="flex h-header-mobile shrink-0 items-center gap-4 border-b border-stone-200 bg-white px-4 sm:px-6 lg:h-header-desktop">
        <MarcaEnlace to="/hostes" etiqueta="Inicio de anfitriones" nombre="desde-600" />
        <div className="flex-1 text-center">
          <Reloj className="text-xl font-semibold text-stone-800 sm:text-2xl" />
        </div>
        <SelectorSucursal />
        <MenuUsuario usuario={usuario} cambiarA={{ to: rutaInicial(usuario), etiqueta: 'Ir a la consola' }} />
      </header>
      <main className="flex-1 px-4 py-6 sm:px-6 lg:px-10">
        <Outlet />
      </main>
    </div>
  );
}
