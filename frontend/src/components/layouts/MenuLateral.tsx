import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import {
  FireIcon,
  BuildingOffice2Icon,
  CalendarDaysIcon,
  ChevronDownIcon,
  ClipboardDocumentListIcon,
  HomeIcon,
  IdentificationIcon,
  ShieldCheckIcon,
  TagIcon,
  UserPlusIcon,
  UsersIcon,
  LinkIcon,
  BriefcaseIcon,
  Squares2X2Icon,
  BellAlertIcon,
  Cog6ToothIcon,
  PuzzlePieceIcon,
} from '@heroicons/react/24/outline';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { esActiva, type EntradaMenu, type SeccionMenu } from '@/config/menu';
import type { IconoMenu } from '@/config/pantallas';
import { correoCorto } from '@/lib/session';
import { Avatar } from '../ui/Avatar';
import { MarcaEnlace } from '../ui/MarcaEnlace';
import type { Esquema } from '@/lib/api-client';

const iconos: Record<IconoMenu, ComponentType<SVGProps<SVGSVGElement>>> = {
  dashboard: HomeIcon,
  walkin: UserPlusIcon,
  reservaciones: CalendarDaysIcon,
  salon: Squares2X2Icon,
  cocina: FireIcon,
  clientes: IdentificationIcon,
  meseros: BriefcaseIcon,
  promos: TagIcon,
  bitacoras: ClipboardDocumentListIcon,
  afiliados: LinkIcon,
  marcas: BuildingOffice2Icon,
  usuarios: UsersIcon,
  roles: ShieldCheckIcon,
  integraciones: PuzzlePieceIcon,
  recepcion: BellAlertIcon,
  configuracion: Cog6ToothIcon,
};

const base =
  'group flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600';
const inactiva = 'text-stone-600 hover:bg-stone-100 hover:text-stone-900';
const activa = 'bg-primary-50 text-primary-800 font-semibold';

function Icono({ nombre }: { nombre?: IconoMenu }) {
  if (!nombre) return null;
  const Componente = iconos[nombre];
  return <Componente aria-hidden className="size-5 shrink-0" />;
}

function Grupo({ entrada, ruta }: { entrada: EntradaMenu; ruta: string }) {
  const activo = esActiva(entrada, ruta);
  return (
    <Disclosure as="li" defaultOpen={activo}>
      <DisclosureButton className={`${base} ${activo ? activa : inactiva}`}>
        <Icono nombre={entrada.icono} />
        <span className="flex-1 text-left">{entrada.titulo}</span>
        <ChevronDownIcon aria-hidden className="size-4 transition-transform group-data-open:rotate-180" />
      </DisclosureButton>
      <DisclosurePanel as="ul" className="mt-1 space-y-1 pl-11">
        {(entrada.hijos ?? []).map((hijo) => {
          const hijoActivo = ruta === hijo.ruta || ruta.startsWith(`${hijo.ruta}/`);
          return (
            <li key={hijo.ruta}>
              <Link
                to={hijo.ruta}
                aria-current={hijoActivo ? 'page' : undefined}
                className={`${base} py-2 ${hijoActivo ? 'text-primary-800 font-semibold' : inactiva}`}
              >
                <span
                  aria-hidden
                  className={`size-1.5 rounded-full ${hijoActivo ? 'bg-primary-700' : 'bg-stone-300'}`}
                />
                {hijo.titulo}
              </Link>
            </li>
          );
        })}
      </DisclosurePanel>
    </Disclosure>
  );
}

/** Logo, the signed-in user and the entries their permissions allow. */
export function MenuLateral({ secciones, usuario, ruta }: { secciones: SeccionMenu[]; usuario: Esquema<'Usuario'>; ruta: string }) {
  return (
    <div className="flex h-full flex-col overflow-y-auto bg-white">
      <div className="flex h-header-mobile shrink-0 items-center px-5 lg:h-header-desktop">
        <MarcaEnlace />
      </div>
      <div className="mx-4 mb-4 flex items-center gap-3 rounded-xl bg-stone-100 px-4 py-3" data-testid="cuenta-menu">
        <Avatar nombre={usuario.name} />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-stone-900">{usuario.name}</p>
          <p className="truncate text-xs text-stone-500" title={usuario.email}>
            {correoCorto(usuario.email)}
          </p>
        </div>
      </div>
      <nav aria-label="Menú principal" className="flex-1 px-3 pb-6">
        {secciones.map((seccion, i) => (
          <ul key={i} className={`space-y-1 ${i > 0 ? 'mt-3 border-t border-stone-200 pt-3' : ''}`} role="list">
            {seccion.entradas.map((entrada) =>
              entrada.hijos ? (
                <Grupo key={entrada.ruta} entrada={entrada} ruta={ruta} />
              ) : (
                <li key={entrada.ruta}>
                  <Link
                    to={entrada.ruta}
                    aria-current={esActiva(entrada, ruta) ? 'page' : undefined}
                    className={`${base} ${esActiva(entrada, ruta) ? activa : inactiva}`}
                  >
                    <Icono nombre={entrada.icono} />
                    {entrada.titulo}
                  </Link>
                </li>
              ),
            )}
          </ul>
        ))}
      </nav>
    </div>
  );
}
