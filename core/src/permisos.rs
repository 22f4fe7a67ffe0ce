//! The permission catalogue, declared once: the server's guards, the roles seeded on first start,
//! the roles screen's descriptions and the console's permission type all derive from it.
//!
//! Menu permissions use the spec's names as written (both `reservacion.index` and
//! `reservaciones.index` exist); admin actions add `<area>.create|edit|delete`.
//!
//! The side menu each base role sees (an entry shown when the role holds its permission):
//!
//! | role          | lands on           | menu entries                                                                                   |
//! |---------------|--------------------|------------------------------------------------------------------------------------------------|
//! | Sistemas      | /users             | /marcas, /users, /roles, /integraciones                                                       |
//! | Mercadotecnia | /promos            | /, /clientes, /promos, /logs (/logs/walk-in, /logs/reserva), /afiliados                        |
//! | Gerente       | /reservaciones/hoy | /, /walkin/registrar, /reservaciones/hoy, /salon, /cocina, /clientes, /meseros, /promos, /logs (/logs/walk-in, /logs/reserva), /afiliados, /marcas |
//! | Hostess       | /reservaciones/hoy | /walkin/registrar, /reservaciones/hoy, /salon, /cocina                                         |
//! | Reservaciones | /reservaciones/hoy | /reservaciones/hoy                                                                             |
//!
//! Notification bell (`reservaciones.index`): Gerente, Hostess, Reservaciones. Contact details
//! (`reservacion.client`): Gerente, Reservaciones. Asistencia button (`reservacion.asistio`):
//! Gerente, Hostess. Nueva button (`reservacion.create`): Gerente, Reservaciones.

use serde::{Deserialize, Serialize};

/// A permission guard's requirement, as a type: `Con<requiere::MarcasIndex>` in a handler's
/// arguments names the permission it needs, checked before the handler runs.
pub trait Requerido: Send + Sync + 'static {
    const PERMISO: Permiso;
}

macro_rules! catalogo {
    // `tt`, not `literal`: a literal fragment reaches derive macros wrapped in a group that
    // utoipa does not read through (its schema would name the variants instead).
    ($($variante:ident => $nombre:tt, $area:ident, $descripcion:literal;)*) => {
        /// Every permission the product knows, by the name roles store and the console checks.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[cfg_attr(feature = "ts", ts(export, rename = "NombrePermiso"))]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = NombrePermiso))]
        pub enum Permiso {
            $(#[serde(rename = $nombre)] $variante,)*
        }

        impl Permiso {
            /// The whole catalogue, grouped by area in the order the roles screen lists it.
            pub const TODOS: &'static [Permiso] = &[$(Permiso::$variante,)*];

            /// The stored and transmitted name (`marcas.index`).
            pub const fn nombre(self) -> &'static str {
                match self { $(Permiso::$variante => $nombre,)* }
            }

            /// What holding it allows, in Spanish, for the roles screen.
            pub const fn descripcion(self) -> &'static str {
                match self { $(Permiso::$variante => $descripcion,)* }
            }

            /// The screen area the roles editor groups it under.
            pub const fn area(self) -> Area {
                match self { $(Permiso::$variante => Area::$area,)* }
            }
        }

        /// One type per permission, for the server's guards.
        pub mod requiere {
            $(
                #[doc = concat!("Requires `", $nombre, "`.")]
                pub struct $variante;
                impl super::Requerido for $variante {
                    const PERMISO: super::Permiso = super::Permiso::$variante;
                }
            )*
        }
    };
}

catalogo! {
    DashboardIndex => "dashboard.index", Tablero, "Ver el tablero";
    WalkinIndex => "walkin.index", Walkin, "Registrar walk-ins";
    WalkinEdit => "walkin.edit", Walkin, "Configurar walk-ins de la sucursal (conf-walkin)";
    ReservacionIndex => "reservacion.index", Reservaciones, "Ver las reservaciones";
    ReservacionCreate => "reservacion.create", Reservaciones, "Crear reservaciones";
    ReservacionEdit => "reservacion.edit", Reservaciones, "Editar y cancelar reservaciones";
    ReservacionDelete => "reservacion.delete", Reservaciones, "Eliminar reservaciones";
    ReservacionClient => "reservacion.client", Reservaciones, "Ver el correo y el teléfono de los clientes";
    ReservacionAsistio => "reservacion.asistio", Reservaciones, "Registrar asistencias";
    ReservacionesIndex => "reservaciones.index", Reservaciones, "Recibir notificaciones de reservaciones nuevas";
    SalonIndex => "salon.index", Salon, "Ver el salón: el estado de las mesas";
    SalonEdit => "salon.edit", Salon, "Liberar mesas y cambiar a un grupo de mesa";
    ImpresionIndex => "impresion.index", Salon, "Ver la impresión de comandas y abres, reintentar y reimprimir";
    EsperaIndex => "espera.index", Walkin, "Llevar la lista de espera: anotar, avisar, sentar y quitar grupos";
    CocinaIndex => "cocina.index", Salon, "Ver el pronóstico de comensales de la cocina e imprimirlo";
    ClientesIndex => "clientes.index", Clientes, "Ver los clientes";
    ClientesCreate => "clientes.create", Clientes, "Crear clientes";
    ClientesEdit => "clientes.edit", Clientes, "Editar clientes";
    ClientesDelete => "clientes.delete", Clientes, "Eliminar clientes";
    MeserosIndex => "meseros.index", Meseros, "Ver los meseros";
    MeserosCreate => "meseros.create", Meseros, "Crear meseros";
    MeserosEdit => "meseros.edit", Meseros, "Editar meseros";
    MeserosDelete => "meseros.delete", Meseros, "Eliminar meseros";
    PromosIndex => "promos.index", Promociones, "Ver las promociones";
    PromosCreate => "promos.create", Promociones, "Crear promociones";
    PromosEdit => "promos.edit", Promociones, "Editar promociones";
    PromosDelete => "promos.delete", Promociones, "Eliminar promociones";
    LogsWalkin => "logs.walkin", Bitacoras, "Ver las bitácoras";
    BitacoraWalkin => "bitacora.walkin", Bitacoras, "Ver la bitácora de walk-ins";
    BitacoraReserva => "bitacora.reserva", Bitacoras, "Ver la bitácora de reservaciones";
    AfiliadosIndex => "afiliados.index", Afiliados, "Ver los afiliados";
    AfiliadosCreate => "afiliados.create", Afiliados, "Crear afiliados";
    AfiliadosEdit => "afiliados.edit", Afiliados, "Editar afiliados";
    AfiliadosDelete => "afiliados.delete", Afiliados, "Eliminar afiliados";
    MarcasIndex => "marcas.index", Marcas, "Ver las marcas y sus sucursales";
    MarcasCreate => "marcas.create", Marcas, "Crear marcas";
    MarcasEdit => "marcas.edit", Marcas, "Editar marcas";
    MarcasDelete => "marcas.delete", Marcas, "Eliminar marcas";
    SucursalTodas => "sucursal.todas", Marcas, "Trabajar en todas las sucursales, también las que se creen después";
    SucursalCreate => "sucursal.create", Marcas, "Crear sucursales";
    SucursalEdit => "sucursal.edit", Marcas, "Editar sucursales: horario, mesas y días";
    ImpresorasEdit => "impresoras.edit", Marcas, "Configurar las impresoras de la sucursal e imprimir pruebas";
    SucursalDelete => "sucursal.delete", Marcas, "Eliminar sucursales";
    UsersIndex => "users.index", Usuarios, "Ver los usuarios";
    UsersCreate => "users.create", Usuarios, "Crear usuarios";
    UsersEdit => "users.edit", Usuarios, "Editar usuarios";
    UsersDelete => "users.delete", Usuarios, "Eliminar usuarios";
    RoleIndex => "role.index", Roles, "Ver los roles";
    RoleCreate => "role.create", Roles, "Crear roles";
    RoleEdit => "role.edit", Roles, "Editar roles";
    RoleDelete => "role.delete", Roles, "Eliminar roles";
    IntegracionesIndex => "integraciones.index", Integraciones, "Administrar las claves de integración y los webhooks";
}

/// The areas of the roles editor, in its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Area {
    Tablero,
    Walkin,
    Reservaciones,
    Salon,
    Clientes,
    Meseros,
    Promociones,
    Bitacoras,
    Afiliados,
    Marcas,
    Usuarios,
    Roles,
    Integraciones,
}

impl Area {
    /// The heading staff read.
    pub const fn titulo(self) -> &'static str {
        match self {
            Area::Tablero => "Tablero",
            Area::Walkin => "Walk-in",
            Area::Reservaciones => "Reservaciones",
            Area::Salon => "Salón",
            Area::Clientes => "Clientes",
            Area::Meseros => "Meseros",
            Area::Promociones => "Promociones",
            Area::Bitacoras => "Bitácoras",
            Area::Afiliados => "Afiliados",
            Area::Marcas => "Marcas y sucursales",
            Area::Usuarios => "Usuarios",
            Area::Roles => "Roles",
            Area::Integraciones => "Integraciones",
        }
    }
}

impl Permiso {
    /// The permission of a stored name; `None` for a name the catalogue no longer has.
    pub fn parse(nombre: &str) -> Option<Permiso> {
        Permiso::TODOS
            .iter()
            .copied()
            .find(|p| p.nombre() == nombre)
    }
}

impl std::fmt::Display for Permiso {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.nombre())
    }
}

/// The screen a role's users land on after signing in, when the role names one (otherwise the
/// role's name decides: Sistemas on users, Mercadotecnia on promotions, the rest on today's
/// reservations). Each needs a permission of the role, so no one lands where they may not look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Inicio {
    Recepcion,
    ReservacionesHoy,
    RegistroWalkin,
    Salon,
    Tablero,
    Promociones,
    Clientes,
    Usuarios,
}

impl Inicio {
    pub const TODOS: [Inicio; 8] = [
        Inicio::Recepcion,
        Inicio::ReservacionesHoy,
        Inicio::RegistroWalkin,
        Inicio::Salon,
        Inicio::Tablero,
        Inicio::Promociones,
        Inicio::Clientes,
        Inicio::Usuarios,
    ];

    /// The console's address of the screen.
    pub const fn ruta(self) -> &'static str {
        match self {
            Inicio::Recepcion => "/hostes",
            Inicio::ReservacionesHoy => "/reservaciones/hoy",
            Inicio::RegistroWalkin => "/walkin/registrar",
            Inicio::Salon => "/salon",
            Inicio::Tablero => "/",
            Inicio::Promociones => "/promos",
            Inicio::Clientes => "/clientes",
            Inicio::Usuarios => "/users",
        }
    }

    /// Its name in the roles form.
    pub const fn titulo(self) -> &'static str {
        match self {
            Inicio::Recepcion => "Recepción (hostes)",
            Inicio::ReservacionesHoy => "Reservaciones de hoy",
            Inicio::RegistroWalkin => "Registro de walk-in",
            Inicio::Salon => "Salón",
            Inicio::Tablero => "Dashboard",
            Inicio::Promociones => "Promociones",
            Inicio::Clientes => "Clientes",
            Inicio::Usuarios => "Usuarios",
        }
    }

    /// The permissions that open it: any one is enough.
    pub const fn permisos(self) -> &'static [Permiso] {
        match self {
            Inicio::Recepcion => &[
                Permiso::ReservacionAsistio,
                Permiso::WalkinIndex,
                Permiso::EsperaIndex,
            ],
            Inicio::ReservacionesHoy => &[Permiso::ReservacionIndex],
            Inicio::RegistroWalkin => &[Permiso::WalkinIndex],
            Inicio::Salon => &[Permiso::SalonIndex],
            Inicio::Tablero => &[Permiso::DashboardIndex],
            Inicio::Promociones => &[Permiso::PromosIndex],
            Inicio::Clientes => &[Permiso::ClientesIndex],
            Inicio::Usuarios => &[Permiso::UsersIndex],
        }
    }

    /// Whether a role holding `permisos` may open it.
    pub fn abre(self, permisos: &[Permiso]) -> bool {
        self.permisos().iter().any(|p| permisos.contains(p))
    }

    /// The screen of a stored or sent address; `None` for one that is not a landing screen.
    pub fn de_ruta(ruta: &str) -> Option<Inicio> {
        Inicio::TODOS.into_iter().find(|i| i.ruta() == ruta)
    }
}

pub const SISTEMAS: &str = "Sistemas";
pub const MERCADOTECNIA: &str = "Mercadotecnia";
pub const GERENTE: &str = "Gerente";
pub const HOSTESS: &str = "Hostess";
pub const RESERVACIONES: &str = "Reservaciones";

/// A role seeded on first start, with its permissions.
#[derive(Debug, Clone, Copy)]
pub struct RolBase {
    pub nombre: &'static str,
    pub permisos: &'static [Permiso],
    /// Where its users land; `None`: by the role's name.
    pub inicio: Option<Inicio>,
}

use Permiso::*;

/// The base roles. Sistemas administers people and places; Gerente runs its branches.
pub const ROLES: &[RolBase] = &[
    RolBase {
        nombre: SISTEMAS,
        permisos: &[
            UsersIndex,
            UsersCreate,
            UsersEdit,
            UsersDelete,
            RoleIndex,
            RoleCreate,
            RoleEdit,
            RoleDelete,
            MarcasIndex,
            MarcasCreate,
            MarcasEdit,
            MarcasDelete,
            SucursalTodas,
            SucursalCreate,
            SucursalEdit,
            SucursalDelete,
            ImpresorasEdit,
            IntegracionesIndex,
        ],
        inicio: None,
    },
    RolBase {
        nombre: MERCADOTECNIA,
        permisos: &[
            DashboardIndex,
            PromosIndex,
            PromosCreate,
            PromosEdit,
            PromosDelete,
            ClientesIndex,
            ClientesEdit,
            LogsWalkin,
            BitacoraWalkin,
            BitacoraReserva,
            AfiliadosIndex,
            AfiliadosCreate,
            AfiliadosEdit,
            AfiliadosDelete,
        ],
        inicio: None,
    },
    RolBase {
        nombre: GERENTE,
        permisos: &[
            DashboardIndex,
            WalkinIndex,
            WalkinEdit,
            ReservacionIndex,
            ReservacionCreate,
            ReservacionEdit,
            ReservacionDelete,
            ReservacionClient,
            ReservacionAsistio,
            ReservacionesIndex,
            SalonIndex,
            SalonEdit,
            ImpresionIndex,
            EsperaIndex,
            CocinaIndex,
            ClientesIndex,
            ClientesCreate,
            ClientesEdit,
            ClientesDelete,
            MeserosIndex,
            MeserosCreate,
            MeserosEdit,
            MeserosDelete,
            PromosIndex,
            PromosCreate,
            PromosEdit,
            PromosDelete,
            LogsWalkin,
            BitacoraWalkin,
            BitacoraReserva,
            AfiliadosIndex,
            AfiliadosCreate,
            AfiliadosEdit,
            AfiliadosDelete,
            MarcasIndex,
            SucursalEdit,
            ImpresorasEdit,
        ],
        inicio: None,
    },
    RolBase {
        nombre: HOSTESS,
        permisos: &[
            WalkinIndex,
            ReservacionIndex,
            ReservacionAsistio,
            ReservacionesIndex,
            SalonIndex,
            SalonEdit,
            ImpresionIndex,
            EsperaIndex,
            CocinaIndex,
        ],
        inicio: Some(Inicio::Recepcion),
    },
    RolBase {
        nombre: RESERVACIONES,
        permisos: &[
            ReservacionIndex,
            ReservacionCreate,
            ReservacionEdit,
            ReservacionClient,
            ReservacionesIndex,
        ],
        inicio: None,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_permission() {
        for p in Permiso::TODOS {
            assert_eq!(Permiso::parse(p.nombre()), Some(*p));
        }
        assert_eq!(Permiso::parse("no.existe"), None);
    }

    #[test]
    fn names_are_unique() {
        let mut nombres: Vec<&str> = Permiso::TODOS.iter().map(|p| p.nombre()).collect();
        nombres.sort();
        nombres.dedup();
        assert_eq!(nombres.len(), Permiso::TODOS.len());
    }

    #[test]
    fn the_serialized_name_is_the_stored_name() {
        assert_eq!(
            serde_json::to_value(Permiso::ReservacionesIndex).unwrap(),
            "reservaciones.index"
        );
    }

    #[test]
    fn every_base_role_holds_catalogue_permissions_once() {
        for rol in ROLES {
            let mut vistos = rol.permisos.to_vec();
            vistos.sort();
            vistos.dedup();
            assert_eq!(
                vistos.len(),
                rol.permisos.len(),
                "{} repite un permiso",
                rol.nombre
            );
        }
    }
}
