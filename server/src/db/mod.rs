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
    fn motor(&self) -> Motor;

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
    async fn usuario(&self, id: &str) -> DbResult<Option<Usuario>>;
    /// Tags of every branch.
    async fn etiquetas(&self) -> DbResult<Vec<String>>;

    async fn crear_sesion(&self, sesion: &NuevaSesion) -> DbResult<()>;
    async fn sesion(&self, token_hash: &str) -> DbResult<Option<Sesion>>;
    /// Marks the session revoked; false when it was unknown or already revoked.
    async fn revocar_sesion(&self, token_hash: &str, at: DateTime<Utc>) -> DbResult<bool>;

    /// Records a login attempt and forgets attempts older than `olvidar_antes`.
    async fn registrar_intento(&self, intento: &IntentoLogin, olvidar_antes: DateTime<Utc>) -> DbResult<()>;
    async fn fallos_recientes(&self, email: &str, ip: &str, desde: DateTime<Utc>) -> DbResult<Fallos>;

    /// Branches whose tag is among the user's, in full.
    async fn sucursales_de(&self, usuario_id: &str) -> DbResult<Vec<Sucursal>>;
    /// Branches whose tag is among the user's, for the selector.
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
