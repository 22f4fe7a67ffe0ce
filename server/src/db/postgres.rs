//! The shared engine: several stateless `anfitrion` instances can use one PostgreSQL.

use std::time::Duration;

use anyhow::Context;
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;

pub struct PgStore {
    pub(crate) pool: PgPool,
}

impl PgStore {
    pub async fn conectar(url: &str, conexiones: u32) -> anyhow::Result<Self> {
        let pool = PgPoolOptions::new()
            .max_connections(conexiones.max(1))
            .acquire_timeout(Duration::from_secs(10))
            .connect(url)
            .await
            .context("no se pudo conectar a PostgreSQL")?;
        sqlx::migrate!("../migrations/postgres").run(&pool).await.context("migraciones de PostgreSQL")?;
        Ok(PgStore { pool })
    }
}

impl super::Dialecto for PgStore {
    fn en_lista_json(expr: &str, n: usize) -> String {
        format!("{expr} IN (SELECT jsonb_array_elements_text(${n}::jsonb))")
    }
    const LIKE_SIN_MAYUSCULAS: &'static str = "ILIKE";
}
