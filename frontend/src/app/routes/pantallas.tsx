// The console's screens by the names the router's view map uses. The guest-facing pages
// (/reservacion/{tag}, /widget/{tag}) are not here: they are the separate widget bundle.

export { Tablero as Dashboard } from '@/features/tablero/components/Tablero';
export { UsuariosPantalla as Usuarios } from '@/features/usuarios/components/UsuariosPantalla';
export { RolesPantalla as Roles } from '@/features/roles/components/RolesPantalla';
export { IntegracionesPantalla as Integraciones } from '@/features/integraciones/components/IntegracionesPantalla';
export { MarcasPantalla as Marcas } from '@/features/marcas/components/MarcasPantalla';
export { ClientesPantalla as Clientes } from '@/features/clientes/components/ClientesPantalla';
export { ClientePantalla as Cliente } from '@/features/clientes/components/ClientePantalla';
export { AfiliadosPantalla as Afiliados } from '@/features/afiliados/components/AfiliadosPantalla';
export { AfiliadoPantalla as Afiliado } from '@/features/afiliados/components/AfiliadoPantalla';
export { SalonPantalla as Salon } from '@/features/salon/components/SalonPantalla';
export { CocinaPantalla as Cocina } from '@/features/cocina/components/CocinaPantalla';
export { MeserosPantalla as Meseros } from '@/features/meseros/components/MeserosPantalla';
export { PromosPantalla as Promociones } from '@/features/promos/components/PromosPantalla';
export { ConfWalkinPantalla as ConfWalkin } from '@/features/conf-walkin/components/ConfWalkinPantalla';
export { BitacoraWalkin } from '@/features/bitacoras/components/BitacoraPantalla';
export { BitacoraReserva } from '@/features/bitacoras/components/BitacoraPantalla';

export { MarcaPantalla as Marca } from '@/features/marcas/components/MarcaPantalla';

export { InicioHostes as HostesInicio } from './hostes/InicioHostes';
export {
  CheckinHostes as HostesCheckin,
  EditarReservaHostes as HostesEditarReserva,
  ReservaHostes as HostesReserva,
  WalkinHostes as HostesWalkin,
} from './hostes/PantallasHostes';
