//! The permission catalogue and the roles seeded on first start (DESIGN §3).
//!
//! Menu permissions use the spec's names as written (both `reservacion.index` and
//! `reservaciones.index` exist); admin actions add `<area>.create|edit|delete`.
//!
//! The side menu each base role sees (spec §2, entry shown when the role holds its permission):
//!
//! | role          | lands on           | menu entries                                                                                   |
//! |---------------|--------------------|------------------------------------------------------------------------------------------------|
//! | Sistemas      | /users             | /marcas, /users, /roles                                                                        |
//! | Mercadotecnia | /promos            | /, /clientes, /promos, /logs (/logs/walk-in, /logs/reserva), /afiliados                        |
//! | Gerente       | /reservaciones/hoy | /, /walkin/registrar, /reservaciones/hoy, /clientes, /meseros, /promos, /logs (/logs/walk-in, /logs/reserva), /afiliados, /marcas |
//! | Hostess       | /reservaciones/hoy | /walkin/registrar, /reservaciones/hoy                                                          |
//! | Reservaciones | /reservaciones/hoy | /reservaciones/hoy                                                                             |
//!
//! Notification bell (`reservaciones.index`): Gerente, Hostess, Reservaciones. Contact details
//! (`reservacion.client`): Gerente, Reservaciones. Asistencia button (`reservacion.asistio`):
//! Gerente, Hostess. Nueva button (`reservacion.create`): Gerente, Reservaciones.

use crate::db::modelo::{PermisoBase, RolBase};

macro_rules! permisos {
    ($($nombre:literal => $descripcion:literal,)*) => {
        /// Every permission the product knows.
        pub const PERMISOS: &[PermisoBase] = &[$(PermisoBase { name: $nombre, descripcion: $descripcion },)*];
    };
}

permisos! {
    "dashboard.index" => "Ver el tablero",
    "walkin.index" => "Registrar walk-ins",
    "walkin.edit" => "Configurar walk-ins de la sucursal (conf-walkin)",
    "reservacion.index" => "Ver las reservaciones",
    "reservacion.create" => "Crear reservaciones",
    "reservacion.edit" => "Editar y cancelar reservaciones",
    "reservacion.delete" => "Eliminar reservaciones",
    "reservacion.client" => "Ver el correo y el teléfono de los clientes",
    "reservacion.asistio" => "Registrar asistencias",
    "reservaciones.index" => "Recibir notificaciones de reservaciones nuevas",
    "clientes.index" => "Ver los clientes",
    "clientes.create" => "Crear clientes",
    "clientes.edit" => "Editar clientes",
    "clientes.delete" => "Eliminar clientes",
    "meseros.index" => "Ver los meseros",
    "meseros.create" => "Crear meseros",
    "meseros.edit" => "Editar meseros",
    "meseros.delete" => "Eliminar meseros",
    "promos.index" => "Ver las promociones",
    "promos.create" => "Crear promociones",
    "promos.edit" => "Editar promociones",
    "promos.delete" => "Eliminar promociones",
    "logs.walkin" => "Ver las bitácoras",
    "bitacora.walkin" => "Ver la bitácora de walk-ins",
    "bitacora.reserva" => "Ver la bitácora de reservaciones",
    "afiliados.index" => "Ver los afiliados",
    "afiliados.create" => "Crear afiliados",
    "afiliados.edit" => "Editar afiliados",
    "afiliados.delete" => "Eliminar afiliados",
    "marcas.index" => "Ver las marcas y sus sucursales",
    "marcas.create" => "Crear marcas",
    "marcas.edit" => "Editar marcas",
    "marcas.delete" => "Eliminar marcas",
    "sucursal.todas" => "Trabajar en todas las sucursales, también las que se creen después",
    "sucursal.create" => "Crear sucursales",
    "sucursal.edit" => "Editar sucursales: horario, mesas y días",
    "sucursal.delete" => "Eliminar sucursales",
    "users.index" => "Ver los usuarios",
    "users.create" => "Crear usuarios",
    "users.edit" => "Editar usuarios",
    "users.delete" => "Eliminar usuarios",
    "role.index" => "Ver los roles",
    "role.create" => "Crear roles",
    "role.edit" => "Editar roles",
    "role.delete" => "Eliminar roles",
}

/// The permission that gives its role every branch, decided when the user is read, so a branch
/// created later is included without touching anyone's tags. Sistemas holds it (DESIGN §3).
pub const TODAS_LAS_SUCURSALES: &str = "sucursal.todas";

pub const SISTEMAS: &str = "Sistemas";
pub const MERCADOTECNIA: &str = "Mercadotecnia";
pub const GERENTE: &str = "Gerente";
pub const HOSTESS: &str = "Hostess";
pub const RESERVACIONES: &str = "Reservaciones";

/// The base roles. Sistemas administers people and places; Gerente runs its branches.
pub const ROLES: &[RolBase] = &[
    RolBase {
        name: SISTEMAS,
        permisos: &[
            "users.index", "users.create", "users.edit", "users.delete",
            "role.index", "role.create", "role.edit", "role.delete",
            "marcas.index", "marcas.create", "marcas.edit", "marcas.delete",
            "sucursal.todas", "sucursal.create", "sucursal.edit", "sucursal.delete",
        ],
    },
    RolBase {
        name: MERCADOTECNIA,
        permisos: &[
            "dashboard.index",
            "promos.index", "promos.create", "promos.edit", "promos.delete",
            "clientes.index", "clientes.edit",
            "logs.walkin", "bitacora.walkin", "bitacora.reserva",
            "afiliados.index", "afiliados.create", "afiliados.edit", "afiliados.delete",
        ],
    },
    RolBase {
        name: GERENTE,
        permisos: &[
            "dashboard.index",
            "walkin.index", "walkin.edit",
            "reservacion.index", "reservacion.create", "reservacion.edit", "reservacion.delete",
            "reservacion.client", "reservacion.asistio", "reservaciones.index",
            "clientes.index", "clientes.create", "clientes.edit", "clientes.delete",
            "meseros.index", "meseros.create", "meseros.edit", "meseros.delete",
            "promos.index", "promos.create", "promos.edit", "promos.delete",
            "logs.walkin", "bitacora.walkin", "bitacora.reserva",
            "afiliados.index", "afiliados.create", "afiliados.edit", "afiliados.delete",
            "marcas.index", "sucursal.edit",
        ],
    },
    RolBase {
        name: HOSTESS,
        permisos: &["walkin.index", "reservacion.index", "reservacion.asistio", "reservaciones.index"],
    },
    RolBase {
        name: RESERVACIONES,
        permisos: &["reservacion.index", "reservacion.create", "reservacion.edit", "reservacion.client", "reservaciones.index"],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_permission_is_in_the_catalogue() {
        for rol in ROLES {
            for p in rol.permisos {
                assert!(PERMISOS.iter().any(|c| c.name == *p), "{} usa {p}", rol.name);
            }
        }
    }
}
