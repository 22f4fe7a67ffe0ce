import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { ArrowRightStartOnRectangleIcon, ArrowsRightLeftIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/Avatar';
import { PANEL_FLOTANTE } from '@/components/ui/flotante';
import { useLogout } from '@/features/auth/api/logout';
import { correoCorto } from '@/lib/session';
import type { Esquema } from '@/lib/api-client';

/**
 * Avatar button with the user's name and e-mail, the way between the console and the host stand
 * (`cambiarA`), and the 'Cerrar Sesión' item.
 */
export function MenuUsuario({
  usuario,
  conDatos = false,
  cambiarA,
}: {
  usuario: Esquema<'Usuario'>;
  conDatos?: boolean;
  cambiarA?: { to: string; etiqueta: string };
}) {
  const salir = useLogout();
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label="Cuenta de usuario"
        className="flex items-center gap-3 rounded-full p-0.5 text-left focus:outline-none data-active:bg-stone-100 data-focus:ring-2 data-focus:ring-primary-600 data-hover:bg-stone-100 md:rounded-xl md:pr-3"
      >
        <Avatar nombre={usuario.name} />
        {conDatos && (
          <span className="hidden min-w-0 md:block" data-testid="cabecera-usuario">
            <span className="block max-w-48 truncate text-sm font-semibold text-stone-900">{usuario.name}</span>
            <span className="block max-w-48 truncate text-xs text-stone-500">{correoCorto(usuario.email)}</span>
          </span>
        )}
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        transition
        className={`${PANEL_FLOTANTE} w-64 rounded-2xl p-1.5 data-closed:scale-95`}
      >
        <div className="px-3 py-2.5">
          <p className="truncate text-sm font-semibold text-stone-900">{usuario.name}</p>
          <p className="truncate text-sm text-stone-500">{usuario.email}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-stone-100" />
        {cambiarA && (
          <MenuItem>
            <Link
              to={cambiarA.to}
              data-accion="cambiar-pantalla"
              className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-stone-800 data-focus:bg-stone-100"
            >
              <ArrowsRightLeftIcon aria-hidden className="size-5 text-stone-500" />
              {cambiarA.etiqueta}
            </Link>
          </MenuItem>
        )}
        <MenuItem>
          <button
            type="button"
            onClick={() => void salir()}
            className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-primary-700 data-focus:bg-primary-50"
          >
            <ArrowRightStartOnRectangleIcon aria-hidden className="size-5" />
            Cerrar Sesión
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
