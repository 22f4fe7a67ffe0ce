// Screens that later issues build. Each already has its route and shows its name, so the menu,
// the redirects and the guard can be used end to end today.
import { Link, useParams } from 'react-router';
import { EnConstruccion } from '../../components/ui/EnConstruccion';
import { pantalla, type ClavePantalla } from '../../config/pantallas';
import { useTitulo } from '../../lib/use-titulo';

function Pantalla({ titulo, detalle }: { titulo: string; detalle?: string }) {
  useTitulo(titulo);
  return <EnConstruccion titulo={titulo} detalle={detalle} />;
}

/** A console screen, headed with its title from the table of screens. */
function DeTabla({ clave, detalle }: { clave: ClavePantalla; detalle?: string }) {
  return <Pantalla titulo={pantalla(clave).titulo} detalle={detalle} />;
}

export const Dashboard = () => <DeTabla clave="dashboard" />;
export { UsuariosPantalla as Usuarios } from '../../features/usuarios/components/UsuariosPantalla';
export { RolesPantalla as Roles } from '../../features/roles/components/RolesPantalla';
export { MarcasPantalla as Marcas } from '../../features/marcas/components/MarcasPantalla';
export const Clientes = () => <DeTabla clave="clientes" />;
export const Afiliados = () => <DeTabla clave="afiliados" />;
export const Meseros = () => <DeTabla clave="meseros" />;
export const Promociones = () => <DeTabla clave="promos" />;
export { ConfWalkinPantalla as ConfWalkin } from '../../features/conf-walkin/components/ConfWalkinPantalla';
export const BitacoraWalkin = () => <DeTabla clave="bitacora-walkin" />;
export const BitacoraReserva = () => <DeTabla clave="bitacora-reserva" />;

export { MarcaPantalla as Marca } from '../../features/marcas/components/MarcaPantalla';

export function Cliente() {
  const { id = '' } = useParams();
  return <DeTabla clave="cliente" detalle={`Historial del cliente ${id}.`} />;
}

export function HostesInicio() {
  useTitulo('Anfitriones');
  return (
    <EnConstruccion titulo="Anfitriones">
      <div className="grid gap-4 sm:grid-cols-2">
        <Link
          to="/hostes/walkin"
          className="rounded-2xl bg-white p-6 text-lg font-semibold text-stone-900 shadow-sm ring-1 ring-stone-200 hover:ring-primary-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
        >
          Registrar walk-in
        </Link>
        <Link
          to="/hostes/reserva"
          className="rounded-2xl bg-white p-6 text-lg font-semibold text-stone-900 shadow-sm ring-1 ring-stone-200 hover:ring-primary-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
        >
          Nueva reservación
        </Link>
      </div>
    </EnConstruccion>
  );
}

export const HostesWalkin = () => <Pantalla titulo="Registro de walk-in" />;
export const HostesReserva = () => <Pantalla titulo="Nueva reservación" />;

export function HostesEditarReserva() {
  const { id = '' } = useParams();
  return <Pantalla titulo="Editar reservación" detalle={`Edición de la reservación ${id}.`} />;
}

export function HostesCheckin() {
  const { id = '' } = useParams();
  return <Pantalla titulo="Check-in" detalle={`Registro de llegada de la reservación ${id}.`} />;
}

export function ReservacionPublica() {
  const { tag = '' } = useParams();
  useTitulo('Reservar');
  return (
    <div className="min-h-dvh bg-stone-50 px-4 py-10 sm:px-10">
      <div className="mx-auto max-w-3xl">
        <EnConstruccion titulo="Reservar" detalle={`Reservación en línea para la sucursal ${tag}.`} />
      </div>
    </div>
  );
}

export function Widget() {
  const { tag = '' } = useParams();
  useTitulo('Widget de reservaciones');
  return (
    <div className="p-4">
      <EnConstruccion titulo="Widget de reservaciones" detalle={`Widget de reservaciones de la sucursal ${tag}.`} />
    </div>
  );
}
