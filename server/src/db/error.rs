//! What storage answers when a write or read fails: a clash with a named unique key, a reference
//! to something that does not exist, or an internal failure whose detail only the log sees.

/// Storage's answer. `sqlx::Error` stops here.
pub type DbResult<T> = Result<T, ErrorAlmacen>;

/// A unique key of the schema, named for the person who clashed with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clave {
    TagSucursal,
    NombreMarca,
    CorreoUsuario,
    NombreRol,
    CodigoAfiliado,
    NombrePromocion,
    NumeroMesa,
    DiaSucursal,
    CorreoCliente,
    TelefonoCliente,
    FolioSucursal,
    NombreMesero,
    NombreIntegracion,
}

/// Each key with its PostgreSQL constraint name and SQLite's `tabla.columna` list.
const CLAVES: &[(Clave, &str, &str)] = &[
    (Clave::TagSucursal, "sucursales_tag_key", "sucursales.tag"),
    (Clave::NombreMarca, "marcas_name_key", "marcas.name"),
    (Clave::CorreoUsuario, "usuarios_email_key", "usuarios.email"),
    (Clave::NombreRol, "roles_name_key", "roles.name"),
    (
        Clave::CodigoAfiliado,
        "afiliados_code_key",
        "afiliados.code",
    ),
    (
        Clave::NombrePromocion,
        "promociones_nombre",
        "promociones.sucursal_id, promociones.name",
    ),
    (
        Clave::NombreMesero,
        "meseros_nombre",
        "meseros.sucursal_id, meseros.name",
    ),
    // The same names without regard to case or accents (migration 0013's `nombre_clave`).
    (
        Clave::NombreMarca,
        "marcas_nombre_plegado",
        "marcas.nombre_clave",
    ),
    (
        Clave::NombreRol,
        "roles_nombre_plegado",
        "roles.nombre_clave",
    ),
    (
        Clave::NombreMesero,
        "meseros_nombre_plegado",
        "meseros.sucursal_id, meseros.nombre_clave",
    ),
    (
        Clave::NombrePromocion,
        "promociones_nombre_plegado",
        "promociones.sucursal_id, promociones.nombre_clave",
    ),
    (
        Clave::NumeroMesa,
        "mesas_sucursal_id_numero_key",
        "mesas.sucursal_id, mesas.numero",
    ),
    (
        Clave::DiaSucursal,
        "sucursal_dias_sucursal_id_fecha_key",
        "sucursal_dias.sucursal_id, sucursal_dias.fecha",
    ),
    (
        Clave::NombreIntegracion,
        "claves_integracion_nombre_clave_key",
        "claves_integracion.nombre_clave",
    ),
    (Clave::CorreoCliente, "clientes_email", "clientes.email"),
    (Clave::TelefonoCliente, "clientes_phone", "clientes.phone"),
    (
        Clave::FolioSucursal,
        "walkins_sucursal_id_folio_key",
        "walkins.sucursal_id, walkins.folio",
    ),
    (
        Clave::FolioSucursal,
        "reservaciones_sucursal_id_folio_key",
        "reservaciones.sucursal_id, reservaciones.folio",
    ),
];

impl Clave {
    /// The Spanish message of a clash with this key.
    pub fn mensaje(self) -> &'static str {
        match self {
            Clave::TagSucursal => "Ya existe una sucursal con esa etiqueta (tag).",
            Clave::NombreMarca => "Ya existe una marca con ese nombre.",
            Clave::CorreoUsuario => "Ya existe un usuario con ese correo",
            Clave::NombreRol => "Ya existe un rol con ese nombre.",
            Clave::CodigoAfiliado => "Ya existe un afiliado con ese código.",
            Clave::NombrePromocion => "La sucursal ya tiene una promoción con ese nombre.",
            Clave::NumeroMesa => "La sucursal ya tiene una mesa con ese número.",
            Clave::DiaSucursal => "La sucursal ya tiene un día especial en esa fecha.",
            Clave::CorreoCliente => "Ya existe un cliente con ese correo.",
            Clave::TelefonoCliente => "Ya existe un cliente con ese teléfono.",
            Clave::FolioSucursal => "Ese folio ya se usó en la sucursal.",
            Clave::NombreMesero => "La sucursal ya tiene un mesero activo con ese nombre.",
            Clave::NombreIntegracion => "Ya existe una clave de integración con ese nombre.",
        }
    }

    /// The key a violation names: PostgreSQL gives the constraint, SQLite the columns in its text.
    fn de_violacion(db: &dyn sqlx::error::DatabaseError) -> Option<Clave> {
        if let Some(nombre) = db.constraint() {
            return CLAVES
                .iter()
                .find(|(_, pg, _)| *pg == nombre)
                .map(|(c, ..)| *c);
        }
        let columnas = db.message().strip_prefix("UNIQUE constraint failed: ")?;
        CLAVES
            .iter()
            .find(|(.., sqlite)| *sqlite == columnas)
            .map(|(c, ..)| *c)
    }
}

/// A failed storage call.
#[derive(Debug, thiserror::Error)]
pub enum ErrorAlmacen {
    /// The write would repeat a unique key; the message says which.
    #[error("{}", .0.mensaje())]
    Duplicado(Clave),
    /// The write names a record that does not exist (a foreign key found nothing).
    #[error("Uno de los registros indicados no existe.")]
    SinReferencia,
    /// A rule that holds across rows, checked inside the transaction (the last administrator, a
    /// role still held): nothing was written.
    #[error("{0}")]
    Regla(anfitrion_core::ReglaError),
    /// The input broke a rule checked against rows read inside the transaction (an order's
    /// table, waiter or promotion against the branch's catalogue): bad input, nothing written.
    #[error("{0}")]
    Entrada(anfitrion_core::ReglaError),
    /// The request's `Idempotency-Key` was taken over by a retry (this request was given up
    /// for dead): the retry saves, this one writes nothing.
    #[error("Esta misma solicitud se sigue guardando. Espera un momento y vuelve a intentarlo.")]
    ClaveRetomada,
    /// Anything else; the detail is logged, never shown.
    #[error("Ocurrió un error interno. Inténtalo de nuevo más tarde.")]
    Interno(#[source] sqlx::Error),
}

impl From<sqlx::Error> for ErrorAlmacen {
    fn from(e: sqlx::Error) -> Self {
        if let sqlx::Error::Database(db) = &e {
            if db.is_unique_violation() {
                if let Some(clave) = Clave::de_violacion(db.as_ref()) {
                    return ErrorAlmacen::Duplicado(clave);
                }
            }
            if db.is_foreign_key_violation() {
                return ErrorAlmacen::SinReferencia;
            }
        }
        ErrorAlmacen::Interno(e)
    }
}
