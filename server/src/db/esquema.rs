//! The schema's version: the migrations this build carries (append-only, numbered alike on both
//! engines), the refusal to open a database migrated by a newer build, and the readiness check
//! a load balancer polls.

use async_trait::async_trait;
use sqlx::migrate::Migrator;

use super::error::DbResult;
use super::motores::para_cada_motor;

/// The SQLite migrations this build applies.
pub static MIGRACIONES_SQLITE: Migrator = sqlx::migrate!("../migrations/sqlite");
/// The PostgreSQL migrations this build applies.
pub static MIGRACIONES_POSTGRES: Migrator = sqlx::migrate!("../migrations/postgres");

/// The newest schema version a set of migrations reaches.
fn ultima(m: &Migrator) -> i64 {
    m.iter().map(|m| m.version).max().unwrap_or(0)
}

/// The schema version this build knows (both engines are numbered alike).
pub fn version_conocida() -> i64 {
    ultima(&MIGRACIONES_SQLITE)
}

/// Refuses a database whose schema (`aplicada`, the newest migration it records) is newer than
/// this build's: the program is older than the data and must be upgraded first.
pub fn exigir_conocida(aplicada: Option<i64>) -> anyhow::Result<()> {
    let conocida = version_conocida();
    match aplicada {
        Some(v) if v > conocida => anyhow::bail!(
            "La base de datos tiene el esquema {v}, más nuevo que el esquema {conocida} que conoce esta versión de Anfitrión ({}). Actualiza el programa antes de abrirla; no se cambió nada.",
            env!("CARGO_PKG_VERSION")
        ),
        _ => Ok(()),
    }
}

#[async_trait]
pub trait Esquema {
    /// The newest migration the database records; None before the first.
    async fn version_aplicada(&self) -> DbResult<Option<i64>>;

    /// Connections the pool holds open, and how many of them are idle.
    fn conexiones(&self) -> (u32, usize);

    /// Whether the database answers and its schema is the one this build knows.
    async fn listo(&self) -> bool {
        matches!(self.version_aplicada().await, Ok(Some(v)) if v == version_conocida())
    }
}

para_cada_motor! {
    impl Motor {
        /// The newest migration recorded over `pool`; None when none is (no table yet).
        pub(in crate::db) async fn aplicada_en(pool: &sqlx::Pool<Db>) -> DbResult<Option<i64>> {
            match sqlx::query_scalar::<_, Option<i64>>("SELECT MAX(version) FROM _sqlx_migrations WHERE success")
                .fetch_one(pool)
                .await
            {
                Ok(v) => Ok(v),
                // No migrations table: a new database.
                Err(sqlx::Error::Database(e)) if e.message().contains("_sqlx_migrations") => Ok(None),
                Err(e) => Err(e.into()),
            }
        }
    }

    #[async_trait]
    impl Esquema for Motor {
        async fn version_aplicada(&self) -> DbResult<Option<i64>> {
            Motor::aplicada_en(&self.pool).await
        }

        fn conexiones(&self) -> (u32, usize) {
            (self.pool.size(), self.pool.num_idle())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_engines_are_numbered_alike() {
        let versiones = |m: &Migrator| m.iter().map(|m| m.version).collect::<Vec<_>>();
        assert_eq!(
            versiones(&MIGRACIONES_SQLITE),
            versiones(&MIGRACIONES_POSTGRES)
        );
        assert!(version_conocida() >= 15);
    }

    #[test]
    fn a_newer_schema_is_refused_naming_both_versions() {
        let conocida = version_conocida();
        assert!(exigir_conocida(None).is_ok());
        assert!(exigir_conocida(Some(conocida)).is_ok());
        let e = exigir_conocida(Some(conocida + 1)).unwrap_err().to_string();
        assert!(
            e.contains(&format!("esquema {}", conocida + 1))
                && e.contains(&format!("esquema {conocida}")),
            "{e}"
        );
    }
}
