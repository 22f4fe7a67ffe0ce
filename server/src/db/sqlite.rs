//! The embedded engine: one file, WAL so readers never wait for the writer, foreign keys on.

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

pub struct SqliteStore {
    pub(crate) pool: SqlitePool,
    /// Held while the store lives: a restore does not replace a database a server has open.
    _en_uso: Option<super::cerrojo::EnUso>,
    /// What time it is, for every timestamp storage writes.
    pub(crate) reloj: crate::reloj::Reloj,
}

impl SqliteStore {
    pub async fn conectar(
        url: &str,
        conexiones: u32,
        reloj: crate::reloj::Reloj,
    ) -> anyhow::Result<Self> {
        crear_carpeta(url)?;
        let en_uso = match super::cerrojo::ruta_sqlite(url) {
            Ok(ruta) => Some(super::cerrojo::marcar_en_uso(&ruta)?),
            Err(_) => None,
        };
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
        // A database a newer build migrated is left as it is.
        super::esquema::exigir_conocida(SqliteStore::aplicada_en(&pool).await?)?;
        super::esquema::MIGRACIONES_SQLITE
            .run(&pool)
            .await
            .context("migraciones de SQLite")?;
        Ok(SqliteStore {
            pool,
            reloj,
            _en_uso: en_uso,
        })
    }
}

/// `sqlite://data/anfitrion.db` should work on a fresh checkout: create `data/` first.
fn crear_carpeta(url: &str) -> anyhow::Result<()> {
    let Ok(ruta) = super::cerrojo::ruta_sqlite(url) else {
        return Ok(());
    };
    if let Some(carpeta) = ruta.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(carpeta)
            .with_context(|| format!("no se pudo crear {}", carpeta.display()))?;
    }
    Ok(())
}

impl SqliteStore {
    /// Rows (aliased `alias`) whose name, e-mail or phone holds `q`, through the FTS table
    /// `indice` (trigrams, accents and case removed: migration 0012) from three characters on,
    /// by a scan of the folded columns below that; a phone typed with spaces or a country code
    /// finds the stored digits.
    fn busqueda_en(alias: &str, indice: &str, q: &str) -> Vec<super::comun::Parte> {
        use super::comun::{Dialecto, Parte::*};
        let en_indice = |frase: String| {
            [
                Sql(format!(
                    "{alias}.rowid IN (SELECT rowid FROM {indice} WHERE {indice} MATCH "
                )),
                Valor(frase),
                Sql(")".into()),
            ]
        };
        let mut partes = vec![Sql("(".into())];
        if q.chars().count() >= 3 {
            partes.extend(en_indice(format!(
                "{{name email phone}} : \"{}\"",
                q.replace('"', "\"\"")
            )));
        } else {
            let texto = format!("{alias}.name || ' ' || coalesce({alias}.email, '') || ' ' || coalesce({alias}.phone, '')");
            partes.extend([
                Sql(format!("{} LIKE ", Self::plegado(&format!("({texto})")))),
                Valor(super::comun::patron_like(&anfitrion_core::texto::plegar(q))),
                Sql(" ESCAPE '\\'".into()),
            ]);
        }
        if let Some(digitos) =
            anfitrion_core::texto::digitos_de_telefono(q).filter(|d| d != q.trim())
        {
            partes.push(Sql(" OR ".into()));
            partes.extend(en_indice(format!("{{phone}} : \"{digitos}\"")));
        }
        partes.push(Sql(")".into()));
        partes
    }
}

impl super::comun::Dialecto for SqliteStore {
    const EMPEZAR_ESCRITURA: &'static str = "BEGIN IMMEDIATE";
    const BLOQUEAR_SUCURSAL: &'static str = "SELECT id FROM sucursales WHERE id = $1";
    const PARA_ACTUALIZAR: &'static str = "";
    const BLOQUEAR_NUMERO: &'static str = "SELECT $1";

    fn en_lista_json(expr: &str, n: usize) -> String {
        format!("{expr} IN (SELECT value FROM json_each(${n}))")
    }

    fn busqueda_reservacion(q: &str) -> Vec<super::comun::Parte> {
        Self::busqueda_en("r", "reservaciones_busqueda", q)
    }

    fn valores_json(col: &str) -> String {
        format!("SELECT value FROM json_each(CASE WHEN json_type({col}) = 'object' THEN {col} END)")
    }

    fn busqueda_cliente(q: &str) -> Vec<super::comun::Parte> {
        Self::busqueda_en("c", "clientes_busqueda", q)
    }

    /// SQLite's full-text index answers a day's search faster than folding each row's name
    /// through 48 `replace` calls (579 against about 1 000 searches a second under load).
    fn busqueda_directa(_alias: &str, q: &str) -> Vec<super::comun::Parte> {
        Self::busqueda_reservacion(q)
    }

    fn filas_json(columnas: &str) -> Option<String> {
        Some(format!("json_group_array(json_array({columnas}))"))
    }

    fn dias_antes(expr: &str, dias: i64) -> String {
        // Stored `YYYY-MM-DD HH:MM:SS`, as datetime() writes it.
        format!("datetime({expr}, '-{dias} days')")
    }

    fn plegado(expr: &str) -> String {
        let mut sql = format!("lower({expr})");
        for (desde, hacia) in anfitrion_core::texto::PLEGADO_DESDE
            .chars()
            .zip(anfitrion_core::texto::PLEGADO_HACIA.chars())
        {
            sql = format!("replace({sql}, '{desde}', '{hacia}')");
        }
        sql
    }
}
