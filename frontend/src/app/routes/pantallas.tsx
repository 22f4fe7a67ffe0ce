// Screens that later issues build. Each already has its route and shows its name, so the menu,
// the redirects and the guard can be used end to end today.
import { useParams } from 'react-router';
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

export { Tablero as Dashboard } from '../../features/tablero/components/Tablero';
export { UsuariosPantalla as Usuarios } from '../../features/usuarios/components/UsuariosPantalla';
export { RolesPantalla as Roles } from '../../features/roles/components/RolesPantalla';
export { MarcasPantalla as Marcas } from '../../features/marcas/components/MarcasPantalla';
export const Clientes = () => <DeTabla clave="clientes" />;
export const Afiliados = () => <DeTabla clave="afiliados" />;
export const Meseros = () => <DeTabla clave="meseros" />;
export const Promociones = () => <DeTabla clave="promos" />;
export { ConfWalkinPantalla as ConfWalkin } from '../../features/conf-walkin/components/ConfWalkinPantalla';
export { BitacoraWalkin } from '../../features/bitacoras/components/BitacoraPantalla';
export { BitacoraReserva } from '../../features/bitacoras/components/BitacoraPantalla';

export { MarcaPantalla as Marca } from '../../features/marcas/components/MarcaPantalla';

export function Cliente() {
  const { id = '' } = useParams();
  return <DeTabla clave="cliente" detalle={`Historial del cliente ${id}.`} />;
}

export { InicioHostes as HostesInicio } from '../../features/hostes/components/InicioHostes';
export { CheckinHostes as HostesCheckin, ReservaHostes as HostesReserva, WalkinHostes as HostesWalkin } from '../../features/hostes/components/PantallasHostes';

export function HostesEditarReserva() {
  const { id = '' } = useParams();
  return <Pantalla titulo="Editar reservación" detalle={`Edición de la reservación ${id}.`} />;
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
