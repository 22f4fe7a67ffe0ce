import { Dialog, DialogPanel, DialogBackdrop, CloseButton } from '@headlessui/react';
import { Bars3Icon, XMarkIcon } from '@heroicons/react/24/outline';
import { useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MenuLateral } from '@/components/layouts/MenuLateral';
import { MarcaEnlace } from '@/components/ui/MarcaEnlace';
import { menuPara } from '@/config/menu';
import { useMe } from '@/features/auth/api/me';
import { CampanaNotificaciones } from '@/features/notificaciones/components/CampanaNotificaciones';
import { SelectorSucursal } from '@/modulos/sucursales/components/SelectorSucursal';
import { tienePermiso } from '@/lib/session';
import { useSesion } from '@/lib/use-session';
import { MenuUsuario } from './MenuUsuario';

/**
 * The console frame: side menu (a fixed 280 px panel from 1200 px, a drawer below), a top bar of
 * 64/80 px with the branch, the bell and the user menu, and the screen.
 */
export function MainLayout() {
  const { usuario, autenticado } = useSesion();
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);
  // The drawer closes whenever the route changes (adjusted while rendering, before it paints).
  const [rutaDelDrawer, setRutaDelDrawer] = useState(pathname);
  if (rutaDelDrawer !== pathname) {
    setRutaDelDrawer(pathname);
    setDrawer(false);
  }
  useMe(autenticado);

  const secciones = useMemo(() => menuPara(usuario), [usuario]);
  if (!usuario) return null;

  return (
    <div className="min-h-dvh bg-stone-50">
      <a
        href="#contenido"
        className="sr-only z-[60] rounded-lg bg-white px-4 py-2 text-sm font-semibold text-primary-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Saltar al contenido
      </a>

      <aside
        aria-label="Navegación"
        className="fixed inset-y-0 left-0 z-30 hidden w-nav border-r border-dashed border-stone-200 lg:block"
        data-testid="panel-menu"
      >
        <MenuLateral secciones={secciones} usuario={usuario} ruta={pathname} />
      </aside>

      <Dialog open={drawer} onClose={setDrawer} aria-label="Menú" className="fixed inset-0 z-50 lg:hidden">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-stone-900/50 transition-opacity duration-200 ease-out data-closed:opacity-0"
        />
        <DialogPanel
          transition
          data-testid="drawer-menu"
          className="fixed inset-y-0 left-0 flex w-nav max-w-[85vw] shadow-2xl transition duration-200 ease-out data-closed:-translate-x-full"
        >
          <div className="relative w-full">
            <MenuLateral secciones={secciones} usuario={usuario} ruta={pathname} />
            <CloseButton
              aria-label="Cerrar menú"
              className="absolute top-3.5 right-3 grid size-9 place-items-center rounded-full text-stone-500 hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
            >
              <XMarkIcon aria-hidden className="size-5" />
            </CloseButton>
          </div>
        </DialogPanel>
      </Dialog>

      <header className="fixed inset-x-0 top-0 z-20 flex h-header-mobile items-center gap-2 border-b border-stone-200/70 bg-white/85 px-3 backdrop-blur sm:gap-3 sm:px-6 lg:left-nav lg:h-header-desktop lg:px-10">
        <button
          type="button"
          onClick={() => setDrawer(true)}
          aria-label="Abrir menú"
          aria-expanded={drawer}
          className="grid size-10 place-items-center rounded-full text-stone-700 hover:bg-stone-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 lg:hidden"
        >
          <Bars3Icon aria-hidden className="size-6" />
        </button>
        <MarcaEnlace nombre="nunca" logo="size-8" className="hidden sm:flex lg:hidden" />
        <div className="flex-1" />
        {usuario.role.name !== 'Sistemas' && <SelectorSucursal />}
        {tienePermiso(usuario, 'reservaciones.index') && <CampanaNotificaciones />}
        <MenuUsuario
          usuario={usuario}
          conDatos
          // Whoever seats or registers guests has the host stand one tap away.
          cambiarA={tienePermiso(usuario, 'walkin.index') || tienePermiso(usuario, 'reservacion.asistio') ? { to: '/hostes', etiqueta: 'Ir a Recepción' } : undefined}
        />
      </header>

      <main id="contenido" tabIndex={-1} className="pt-header-mobile focus:outline-none lg:pt-header-desktop lg:pl-nav">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 md:py-8 lg:px-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
