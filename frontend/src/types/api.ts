// The shapes the server answers with, named for the console. Each is the type generated from the
// server's OpenAPI document (`make api-types` writes types/openapi.d.ts from /api/openapi.json),
// so a field the server renames or drops breaks the build here instead of a screen at run time.
import type { components } from './openapi';

type Esquemas = components['schemas'];

/** The envelope every answer shares, with `data` of the call's type. */
export type Envelope<T> = Omit<Esquemas['EnvelopeError'], 'data'> & { data: T };

export type Permiso = Esquemas['PermisoRef'];
export type Rol = Esquemas['Rol'];
export type Usuario = Esquemas['Usuario'];
/** What login takes. */
export type Credenciales = Esquemas['Login'];
/** What login answers: the bearer token and the signed-in user. */
export type Sesion = Esquemas['SesionIniciada'];
/** A branch as the selector lists it. */
export type Sucursal = Esquemas['SucursalResumen'];
/** A branch in full: schedule, tables and special days. */
export type SucursalCompleta = Esquemas['Sucursal'];
/** A reservation as the console lists and shows it (contact only for reservacion.client). */
export type Reservacion = Esquemas['Reservacion'];
/** One page of a reservation list. */
export type PaginaReservaciones = Esquemas['PaginaReservaciones'];
/** What editing a reservation sends. */
export type EdicionReservacion = Esquemas['EdicionReservacion'];
/** What editing a reservation's guest sends. */
export type EdicionCliente = Esquemas['EdicionCliente'];
/** A notification of the bell. */
export type Notificacion = Esquemas['Notificacion'];
/** A walk-in as the console lists and shows it (contact only for reservacion.client). */
export type Walkin = Esquemas['Walkin'];
/** One page of the walk-ins of Todas. */
export type PaginaWalkins = Esquemas['PaginaWalkins'];
/** What registering a walk-in sends. */
export type SolicitudWalkin = Esquemas['SolicitudWalkin'];
/** The order part of a walk-in or an attendance: table, waiter and the order form's counts. */
export type SolicitudComanda = Esquemas['SolicitudComanda'];
/** What registering an attendance sends. */
export type SolicitudAsistencia = Esquemas['SolicitudAsistencia'];
/** A check-in lookup: the scanned code or the guest's e-mail, and the current branch. */
export type Busqueda = Esquemas['Busqueda'];
/** The kitchen order slip of a walk-in or a seated reservation. */
export type ComandaGuardada = Esquemas['Comanda'];
/** The table-opening record of a walk-in or a seated reservation. */
export type AbreGuardado = Esquemas['Abre'];
/** A waiter as the order form lists them. */
export type MeseroRef = Esquemas['MeseroRef'];
/** A promotion the order form offers today. */
export type PromoActiva = Esquemas['PromoActiva'];
/** A table of a branch (number and seats). */
export type Mesa = Esquemas['Mesa'];
/** A staff account as the users screen lists it. */
export type UsuarioAdmin = Esquemas['UsuarioAdmin'];
/** One page of the users list. */
export type PaginaUsuarios = Esquemas['PaginaUsuarios'];
/** What creating or editing a user sends. */
export type DatosUsuario = Esquemas['DatosUsuario'];
/** A role with its permissions and how many users hold it. */
export type RolAdmin = Esquemas['RolAdmin'];
/** A permission of the catalogue, as the role editor shows it. */
export type PermisoCatalogo = Esquemas['PermisoCatalogo'];
export type InicioCatalogo = Esquemas['InicioCatalogo'];
/** What creating or editing a role sends. */
export type DatosRol = Esquemas['DatosRol'];
/** A brand with its branches. */
export type Marca = Esquemas['Marca'];
/** What creating a branch sends. */
export type DatosSucursal = Esquemas['DatosSucursal'];
/** What editing a branch sends. */
export type DatosEdicionSucursal = Esquemas['DatosEdicionSucursal'];
/** One weekday of a branch's schedule, as saved. */
export type DatosDia = Esquemas['DatosDia'];
/** One table of a branch, as saved. */
export type DatosMesa = Esquemas['DatosMesa'];
/** A closure or special-hours date, as saved. */
export type DatosDiaEspecial = Esquemas['DatosDiaEspecial'];
/** A branch's walk-in and booking settings. */
export type DatosConfWalkin = Esquemas['DatosConfWalkin'];
/** One entry of an audit log (who, when, what, before/after), in the screens' words too. */
export type EntradaBitacora = Esquemas['EntradaBitacora'];
/** The record an audit entry is about, to open it. */
export type EnlaceRegistro = Esquemas['EnlaceRegistro'];
/** One page of an audit log. */
export type PaginaBitacora = Esquemas['PaginaBitacora'];
/** One day of a branch at a glance (the dashboard). */
export type ResumenDia = Esquemas['ResumenDia'];
/** A count under a key (an hour, an origin). */
export type Cuenta = Esquemas['Cuenta'];
/** Reservations counted by status. */
export type PorEstado = Esquemas['PorEstado'];
/** What the public booking page shows of a branch before a guest picks anything. */
export type SucursalPublica = Esquemas['SucursalPublica'];
/** The bookable times of a date for a party, or why there are none. */
export type Disponibilidad = Esquemas['Disponibilidad'];
/** A guest's booking, as the public page sends it. */
export type SolicitudReservacion = Esquemas['SolicitudReservacion'];
/** A booking made: its id and its confirmation page's path. */
export type ReservaRegistrada = Esquemas['ReservaRegistrada'];
/** What a guest sees of the booking they made, with its QR. */
export type ConfirmacionPublica = Esquemas['ConfirmacionPublica'];
/** One message of a reservation's outbox. */
export type CorreoReservacion = Esquemas['CorreoReservacion'];

/** A promotion as the promotions screen lists it, with whether it applies today. */
export type Promocion = Esquemas['Promocion'];
/** What the promotion form sends. */
export type DatosPromocion = Esquemas['DatosPromocion'];
/** A guest in the client list (contact null without reservacion.client). */
export type ClienteResumen = Esquemas['ClienteResumen'];
/** One page of the client list. */
export type PaginaClientes = Esquemas['PaginaClientes'];
/** A reservation or walk-in of a guest. */
export type VisitaCliente = Esquemas['Visita'];
/** A guest's page: record, notes and visits. */
export type ClienteDetalle = Esquemas['ClienteDetalle'];
/** A partner whose code a reservation may carry. */
export type Afiliado = Esquemas['Afiliado'];
/** The partner kinds (core's TipoAfiliado). */
export type TipoAfiliado = Esquemas['TipoAfiliado'];
/** What the affiliate form sends. */
export type DatosAfiliado = Omit<Afiliado, '_id'>;
/** A reservation carrying a partner's code. */
export type ReservacionAfiliado = Esquemas['ReservacionAfiliado'];
/** A partner's page over a period: its reservations and attendance. */
export type AfiliadoDetalle = Esquemas['AfiliadoDetalle'];
/** Reservations that ended (came or not) of one kind, and their no-show rate. */
export type NoShows = Esquemas['NoShows'];
/** The no-show rate of the reservations their guests confirmed against the rest. */
export type NoShowsPorConfirmacion = Esquemas['NoShowsPorConfirmacion'];
/** A branch's floor now: its tables where they stand, their state and party, and the summary. */
export type Piso = Esquemas['Piso'];
/** A table on the floor. */
export type MesaEnPiso = Esquemas['MesaEnPiso'];
/** The party seated at a table. */
export type TurnoEnPiso = Esquemas['TurnoEnPiso'];
/** The floor's turn times on the dashboard. */
export type TiemposMesa = Esquemas['TiemposMesa'];
/** A record's tickets at the branch's kitchen printers, and how many printers it has. */
export type ImpresionDeRegistro = Esquemas['ImpresionDeRegistro'];
/** One ticket sent to one printer: queued, printed, failed or expired. */
export type TrabajoImpresion = Esquemas['TrabajoImpresion'];
/** A branch's ESC/POS network printer. */
export type Impresora = Esquemas['Impresora'];
/** What the printers form sends. */
export type DatosImpresora = Esquemas['DatosImpresora'];
/** What a test print answered. */
export type PruebaImpresora = Esquemas['PruebaImpresora'];
/** A party on the branch's waitlist, in its place, with its wait and its call's state. */
export type Canales = Esquemas['Canales'];
export type GrupoEnEspera = Esquemas['GrupoEnEspera'];
/** A party after it was called or left the list. */
export type GrupoEsperaCambiado = Esquemas['GrupoEsperaCambiado'];
/** What writing a party down on the waitlist sends. */
export type SolicitudEspera = Esquemas['SolicitudEspera'];
/** The state of a called party's "Su mesa está lista" message. */
export type EstadoMensajeEspera = Esquemas['EstadoMensajeEspera'];
/** A walk-in's save with the waiting party it seats (`espera_id`), if any. */
export type SolicitudWalkinDeEspera = Esquemas['SolicitudWalkinDeEspera'];
