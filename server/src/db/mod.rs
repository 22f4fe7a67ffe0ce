//! Storage, split by aggregate as atuin splits it: one file per aggregate (sessions, users and
//! roles, branches, reservations, walk-ins, catalogue, clients, audit), each with its rows, its
//! trait and its statements, written once and expanded for both engines by [`para_cada_motor!`].
//! Statements that must differ by engine go through the small [`Dialecto`] hook. Handlers see
//! [`ErrorAlmacen`], never `sqlx::Error`.
//!
//! `sqlx::Any` is avoided on purpose: it has no date or JSON types.

mod alcance;
pub mod avisos;
pub mod bitacora;
pub mod catalogo;
pub mod clientes;
mod error;
pub mod idempotencia;
pub mod postgres;
pub mod publico;
pub mod reservaciones;
pub mod sesiones;
pub mod sqlite;
pub mod sucursales;
pub mod tablero;
pub mod usuarios;
pub mod walkins;

use std::sync::Arc;

use rand::RngCore;

pub use alcance::{Alcance, EnAlcance};
pub use avisos::Avisos;
pub use bitacora::Bitacora;
pub use catalogo::Catalogo;
pub use clientes::Clientes;
pub use error::{Clave, DbResult, ErrorAlmacen};
pub use idempotencia::Idempotencia;
pub use publico::ReservasPublicas;
pub use reservaciones::Reservaciones;
pub use sesiones::Sesiones;
pub use sucursales::Sucursales;
pub use tablero::Tablero;
pub use usuarios::Usuarios;
pub use walkins::Walkins;

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

/// Everything the server reads and writes: every aggregate's trait. Call a method through the
/// aggregate's trait (`use crate::db::Sucursales;`).
pub trait Store:
    Sesiones
    + Usuarios
    + Sucursales
    + Reservaciones
    + ReservasPublicas
    + Walkins
    + Catalogo
    + Clientes
    + Bitacora
    + Avisos
    + Tablero
    + Idempotencia
    + Send
    + Sync
    + 'static
{
}

impl<T> Store for T where
    T: Sesiones
        + Usuarios
        + Sucursales
        + Reservaciones
        + ReservasPublicas
        + Walkins
        + Catalogo
        + Clientes
        + Bitacora
        + Avisos
        + Tablero
        + Idempotencia
        + Send
        + Sync
        + 'static
{
}

/// The statements that differ between the engines.
pub(crate) trait Dialecto {
    /// `expr` is one of the texts of the JSON array bound as parameter `$n`.
    fn en_lista_json(expr: &str, n: usize) -> String;
    /// The condition that a reservation (`r`) holds `q` in its name (accents and case aside), its
    /// e-mail or its phone (also as the digits of a phone typed with spaces), using each engine's
    /// trigram index. Whoever may list may search by contact; the answer hides it as always.
    fn busqueda_reservacion(q: &str) -> Vec<Parte>;
    /// What opens a booking's transaction: SQLite takes the database's write lock up front
    /// (`BEGIN IMMEDIATE`), so two bookings never read the same free table.
    const EMPEZAR_RESERVA: &'static str;
    /// What opens every other write's transaction. On SQLite a deferred `BEGIN` that reads first
    /// and then writes fails at once with "database is locked" when another connection wrote in
    /// between (the busy wait cannot help a reader that must upgrade), so writes take the lock
    /// up front and wait their turn; PostgreSQL's row locks need nothing more than `BEGIN`.
    const EMPEZAR_ESCRITURA: &'static str;
    /// Locks the branch (`$1`) for the rest of a booking's transaction: on PostgreSQL a row lock
    /// (`FOR UPDATE`) that the next booking of that branch waits on; SQLite already holds its lock.
    const BLOQUEAR_SUCURSAL: &'static str;
    /// As [`Dialecto::busqueda_reservacion`], for a client (`c`).
    fn busqueda_cliente(q: &str) -> Vec<Parte>;
    /// A subquery of the member values of the JSON object in column `col`, one row each, in a
    /// column `value` (text, or the JSON of a nested value): none when it holds no object. What
    /// the log search reads of an entry's `antes` and `despues`.
    fn valores_json(col: &str) -> String;
    /// `expr` as search compares it: core's `texto::plegar` in SQL (accents folded, ASCII lower).
    fn plegado(expr: &str) -> String;
}

/// A piece of SQL built by a [`Dialecto`] hook: text, or a value to bind in its place.
pub(crate) enum Parte {
    Sql(String),
    Valor(String),
}

/// The key a name is unique by (migration 0013's `nombre_clave`): trimmed and folded as core
/// tells names apart ([`anfitrion_core::texto::mismo_nombre`]).
pub(crate) fn clave_de_nombre(name: &str) -> String {
    anfitrion_core::texto::plegar(name.trim())
}

/// `%texto%` for LIKE, with its wildcards escaped (`\` is the escape character).
pub(crate) fn patron_like(texto: &str) -> String {
    let mut p = String::from("%");
    for c in texto.chars() {
        if matches!(c, '%' | '_' | '\\') {
            p.push('\\');
        }
        p.push(c);
    }
    p.push('%');
    p
}

/// Expands an aggregate's storage, written once, for each engine. Inside, `Motor` is the engine's
/// store (`self.pool` its pool), `Db` its sqlx database and `Conexion` one of its connections.
macro_rules! para_cada_motor {
    ($($cuerpo:tt)*) => {
        mod en_sqlite {
            #![allow(unused_imports, dead_code)]
            use super::*;
            use $crate::db::Dialecto as _;
            type Motor = $crate::db::sqlite::SqliteStore;
            type Db = sqlx::Sqlite;
            type Conexion = <Db as sqlx::Database>::Connection;
            $($cuerpo)*
        }
        mod en_postgres {
            #![allow(unused_imports, dead_code)]
            use super::*;
            use $crate::db::Dialecto as _;
            type Motor = $crate::db::postgres::PgStore;
            type Db = sqlx::Postgres;
            type Conexion = <Db as sqlx::Database>::Connection;
            $($cuerpo)*
        }
    };
}
pub(crate) use para_cada_motor;

/// Connects to the engine `url` names and brings its schema up to date. Every timestamp the store
/// writes is `reloj`'s.
pub async fn conectar(
    url: &str,
    conexiones: u32,
    reloj: crate::reloj::Reloj,
) -> anyhow::Result<Arc<dyn Store>> {
    match Motor::de_url(url) {
        Some(Motor::Sqlite) => Ok(Arc::new(
            sqlite::SqliteStore::conectar(url, conexiones, reloj).await?,
        )),
        Some(Motor::Postgres) => Ok(Arc::new(
            postgres::PgStore::conectar(url, conexiones, reloj).await?,
        )),
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

para_cada_motor! {
    impl Motor {
        /// Opens a write transaction ([`Dialecto::EMPEZAR_ESCRITURA`]) and says so in the query
        /// log: sqlx writes each statement there (target `sqlx::query`) but not its own BEGIN and
        /// COMMIT, so a save's log shows which statements ran inside one transaction.
        pub(in crate::db) async fn escribir(&self) -> DbResult<sqlx::Transaction<'static, Db>> {
            let tx = self.pool.begin_with(Motor::EMPEZAR_ESCRITURA).await?;
            tracing::debug!(target: "sqlx::query", summary = Motor::EMPEZAR_ESCRITURA, transaccion = "empieza");
            Ok(tx)
        }

        /// Commits a transaction [`escribir`](Self::escribir) opened, and logs it.
        pub(in crate::db) async fn confirmar(tx: sqlx::Transaction<'static, Db>) -> DbResult<()> {
            tx.commit().await?;
            tracing::debug!(target: "sqlx::query", summary = "COMMIT", transaccion = "termina");
            Ok(())
        }
    }
}
