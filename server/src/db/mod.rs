//! Storage, split by aggregate as atuin splits it: one file per aggregate (sessions, users and
//! roles, branches, reservations, walk-ins, catalogue, clients, audit), each with its rows, its
//! trait and its statements, written once and expanded for both engines by `para_cada_motor!`
//! (`motores.rs`). Statements that must differ by engine go through the small `Dialecto` hook
//! (`comun.rs`, with what every aggregate shares). Handlers see
//! [`ErrorAlmacen`], never `sqlx::Error`.
//!
//! `sqlx::Any` is avoided on purpose: it has no date or JSON types.

mod alcance;
pub mod avisos;
pub mod bitacora;
pub mod catalogo;
pub mod cerrojo;
pub mod clientes;
pub mod cocina;
mod cola_webhooks;
mod comun;
pub mod entrantes;
mod error;
pub mod espera;
pub mod esquema;
pub mod idempotencia;
pub mod impresion;
pub mod integraciones;
mod motores;
pub mod piso;
pub mod postgres;
pub mod publico;
pub mod recordatorios;
pub mod reservaciones;
pub mod sesiones;
pub mod sqlite;
pub mod sucursales;
pub mod tablero;
mod transaccion;
pub mod usuarios;
pub mod walkins;

use std::sync::Arc;

pub use alcance::{Alcance, EnAlcance};
pub use avisos::Avisos;
pub use bitacora::Bitacora;
pub use catalogo::Catalogo;
pub use clientes::Clientes;
pub use cocina::Cocina;
pub use comun::nuevo_id;
pub use entrantes::Entrantes;
pub use error::{Clave, DbResult, ErrorAlmacen};
pub use espera::Espera;
pub use esquema::Esquema;
pub use idempotencia::Idempotencia;
pub use impresion::Impresion;
pub use integraciones::Integraciones;
pub use piso::Piso;
pub use publico::ReservasPublicas;
pub use recordatorios::Recordatorios;
pub use reservaciones::Reservaciones;
pub use sesiones::Sesiones;
pub use sucursales::{ConfSucursales, Horarios, Marcas, Mesas, Sucursales};
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
    + Marcas
    + Horarios
    + Mesas
    + ConfSucursales
    + Reservaciones
    + ReservasPublicas
    + Walkins
    + Catalogo
    + Clientes
    + Bitacora
    + Avisos
    + Tablero
    + Idempotencia
    + Piso
    + Impresion
    + Esquema
    + Espera
    + Entrantes
    + Recordatorios
    + Integraciones
    + Cocina
    + Send
    + Sync
    + 'static
{
}

impl<T> Store for T where
    T: Sesiones
        + Usuarios
        + Sucursales
        + Marcas
        + Horarios
        + Mesas
        + ConfSucursales
        + Reservaciones
        + ReservasPublicas
        + Walkins
        + Catalogo
        + Clientes
        + Bitacora
        + Avisos
        + Tablero
        + Idempotencia
        + Piso
        + Impresion
        + Esquema
        + Espera
        + Entrantes
        + Recordatorios
        + Integraciones
        + Cocina
        + Send
        + Sync
        + 'static
{
}

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
