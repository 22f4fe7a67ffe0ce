//! The embedded engine: one file, WAL so readers never wait for the writer, foreign keys on.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

pub struct SqliteStore {
    pub(crate) pool: SqlitePool,
    /// What time it is, for every timestamp storage writes.
    pub(crate) reloj: crate::reloj::Reloj,
}

impl SqliteStore {
    pub async fn conectar(url: &str, conexiones: u32, reloj: crate::reloj::Reloj) -> anyhow::Result<Self> {
        crear_carpeta(url)?;
        let opciones = SqliteConnectOptions::from_str(url)
            .context("DATABASE_URL de SQLite no válida")?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(conexiones.max(1))
            .connect_with(opciones)
            .await
            .context("no se pudo abrir la base de datos SQLite")?;
        sqlx::migrate!("../migrations/sqlite").run(&pool).await.context("migraciones de SQLite")?;
        Ok(SqliteStore { pool, reloj })
    }
}

/// `sqlite://data/anfitrion.db` should work on a fresh checkout: create `data/` first.
fn crear_carpeta(url: &str) -> anyhow::Result<()> {
    let ruta = url.trim_start_matches("sqlite:").trim_start_matches("//");
    let ruta = ruta.split('?').next().unwrap_or_default();
    if ruta.is_empty() || ruta == ":memory:" {
        return Ok(());
    }
    if let Some(carpeta) = Path::new(ruta).parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(carpeta).with_context(|| format!("no se pudo crear {}", carpeta.display()))?;
    }
    Ok(())
}

impl super::Dialecto for SqliteStore {
    const EMPEZAR_RESERVA: &'static str = "BEGIN IMMEDIATE";
    const EMPEZAR_ESCRITURA: &'static str = "BEGIN IMMEDIATE";
    const BLOQUEAR_SUCURSAL: &'static str = "SELECT id FROM sucursales WHERE id = $1";

    fn en_lista_json(expr: &str, n: usize) -> String {
        format!("{expr} IN (SELECT value FROM json_each(${n}))")
    }

    fn busqueda_reservacion(q: &str, con_contacto: bool) -> Vec<super::Parte> {
        use super::Parte::*;
        // The trigram index finds 3 characters or more; shorter searches scan (they are rare
        // and match too much to page usefully anyway).
        if q.chars().count() >= 3 {
            let columnas = if con_contacto { "{name email phone}" } else { "{name}" };
            let frase = format!("{columnas} : \"{}\"", q.replace('"', "\"\""));
            vec![Sql("r.rowid IN (SELECT rowid FROM reservaciones_busqueda WHERE reservaciones_busqueda MATCH ".into()), Valor(frase), Sql(")".into())]
        } else {
            let texto = if con_contacto { "(r.name || ' ' || coalesce(r.email, '') || ' ' || coalesce(r.phone, ''))" } else { "r.name" };
            vec![Sql(format!("{texto} LIKE ")), Valor(super::patron_like(q)), Sql(" ESCAPE '\\'".into())]
        }
    }

    fn valores_json(col: &str) -> String {
        format!("SELECT value FROM json_each(CASE WHEN json_type({col}) = 'object' THEN {col} END)")
    }

    fn busqueda_cliente(q: &str, con_contacto: bool) -> Vec<super::Parte> {
        use super::Parte::*;
        let digitos: String = q.chars().filter(char::is_ascii_digit).collect();
        let mut partes = vec![Sql("(".into())];
        if q.chars().count() >= 3 {
            let columnas = if con_contacto { "{name email phone}" } else { "{name}" };
            partes.extend([
                Sql("c.rowid IN (SELECT rowid FROM clientes_busqueda WHERE clientes_busqueda MATCH ".into()),
                Valor(format!("{columnas} : \"{}\"", q.replace('"', "\"\""))),
                Sql(")".into()),
            ]);
        } else {
            let texto = if con_contacto { "(c.name || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.phone, ''))" } else { "c.name" };
            partes.extend([Sql(format!("{texto} LIKE ")), Valor(super::patron_like(q)), Sql(" ESCAPE '\\'".into())]);
        }
        // A phone typed with spaces or a country code finds the stored digits.
        if con_contacto && digitos.len() >= 3 && digitos != q {
            partes.extend([
                Sql(" OR c.rowid IN (SELECT rowid FROM clientes_busqueda WHERE clientes_busqueda MATCH ".into()),
                Valor(format!("{{phone}} : \"{digitos}\"")),
                Sql(")".into()),
            ]);
        }
        partes.push(Sql(")".into()));
        partes
    }
}
