//! Storage: one trait in front of the database, one implementation per engine (SQLite, PostgreSQL),
//! each with its own migrations. `sqlx::Any` is avoided on purpose: it has no date or JSON types.

mod comun;
pub mod modelo;
mod postgres;
mod sqlite;

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use rand::RngCore;

use modelo::*;

pub type DbResult<T> = Result<T, sqlx::Error>;

/// Which engine a URL selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Motor {
    Sqlite,
    Postgres,
}

impl Motor {
    pub fn de_url(url: &str) -> Option<Motor> {
        if url.starts_with("sqlite:") {
            Some(Motor::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Some(Motor::Postgres)
        } else {
            None
        }
    }
}

/// Everything the server reads and writes. Both engines run the same statements (`$n`
/// placeholders work in SQLite too), so behaviour cannot drift between them.
#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// Adds missing permissions, and the base roles when no role exists yet (an administrator's
    /// later edits to roles are never undone).
    async fn asegurar_catalogo(&self, permisos: &[PermisoBase], roles: &[RolBase]) -> DbResult<()>;

    /// Whether the database holds no user and no branch.
    async fn esta_vacia(&self) -> DbResult<bool>;

    /// Writes a first load of data in one transaction, only into an empty database. Returns
    /// whether it was written.
    async fn sembrar(&self, semilla: &Semilla) -> DbResult<bool>;

    async fn crear_usuario(&self, usuario: &NuevoUsuario) -> DbResult<()>;
    async fn credenciales(&self, email: &str) -> DbResult<Option<Credenciales>>;
    /// The user with role, permissions and tags. A role holding
    /// [`TODAS_LAS_SUCURSALES`](crate::access::catalogo::TODAS_LAS_SUCURSALES) gets every branch's tag,
    /// decided here at read time so branches created later are included.
    async fn usuario(&self, id: &str) -> DbResult<Option<Usuario>>;

    async fn crear_sesion(&self, sesion: &NuevaSesion) -> DbResult<()>;
    async fn sesion(&self, token_hash: &str) -> DbResult<Option<Sesion>>;
    /// Marks the session revoked; false when it was unknown or already revoked.
    async fn revocar_sesion(&self, token_hash: &str, at: DateTime<Utc>) -> DbResult<bool>;

    /// Records a login attempt as it is: login records each one as a failure before checking the
    /// password, then marks it with [`Store::marcar_exito`] if the password matched.
    async fn registrar_intento(&self, intento: &IntentoLogin) -> DbResult<()>;
    /// Marks a recorded attempt successful: the failures of its e-mail before it stop counting.
    async fn marcar_exito(&self, intento_id: &str) -> DbResult<()>;
    /// Failed logins since `desde`; those of the e-mail only after its last success.
    async fn fallos_recientes(&self, email: &str, ip: &str, desde: DateTime<Utc>) -> DbResult<Fallos>;

    /// Deletes sessions that expired or were revoked before `sesiones_antes` and login attempts
    /// made before `intentos_antes`.
    async fn purgar(&self, sesiones_antes: DateTime<Utc>, intentos_antes: DateTime<Utc>) -> DbResult<Purga>;

    /// The branches the user may work in (see [`Store::usuario`]), in full.
    async fn sucursales_de(&self, usuario_id: &str) -> DbResult<Vec<Sucursal>>;
    /// The branches the user may work in, for the selector.
    async fn resumen_sucursales_de(&self, usuario_id: &str) -> DbResult<Vec<SucursalResumen>>;
    async fn sucursal(&self, id: &str) -> DbResult<Option<Sucursal>>;
}

/// Connects to the engine `url` names and brings its schema up to date.
pub async fn conectar(url: &str, conexiones: u32) -> anyhow::Result<Arc<dyn Store>> {
    match Motor::de_url(url) {
        Some(Motor::Sqlite) => Ok(Arc::new(sqlite::SqliteStore::conectar(url, conexiones).await?)),
        Some(Motor::Postgres) => Ok(Arc::new(postgres::PgStore::conectar(url, conexiones).await?)),
        None => anyhow::bail!(
            "DATABASE_URL debe empezar con sqlite: o postgres: (se recibió «{}:…»)",
            url.split(':').next().unwrap_or_default()
        ),
    }
}

/// A new record id: 24 hex characters, like the `_id`s the console already knows.
pub fn nuevo_id() -> String {
    let mut b = [0u8; 12];
    rand::thread_rng().fill_bytes(&mut b);
    hex::encode(b)
}
