//! The shared engine: several stateless `anfitrion` instances can use one PostgreSQL.

use std::time::Duration;

use anyhow::Context;
use std::str::FromStr;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection as _, PgConnection, PgPool};

pub struct PgStore {
    pub(crate) pool: PgPool,
    /// What time it is, for every timestamp storage writes.
    pub(crate) reloj: crate::reloj::Reloj,
}

impl PgStore {
    pub async fn conectar(
        url: &str,
        conexiones: u32,
        reloj: crate::reloj::Reloj,
    ) -> anyhow::Result<Self> {
        let opciones =
            PgConnectOptions::from_str(url).context("DATABASE_URL de PostgreSQL no válida")?;
        // One connection first, without the pool's retries: a server that is down or refuses us
        // is said at once, with its address, instead of after the pool's timeout.
        let donde = format!("{}:{}", opciones.get_host(), opciones.get_port());
        match tokio::time::timeout(
            Duration::from_secs(10),
            PgConnection::connect_with(&opciones),
        )
        .await
        {
            Err(_) => anyhow::bail!("PostgreSQL en {donde} no respondió en 10 s"),
            Ok(Err(e)) => return Err(anyhow::Error::msg(explicar(&e, &donde))),
            Ok(Ok(con)) => {
                let _ = con.close().await;
            }
        }
        let pool = PgPoolOptions::new()
            .max_connections(conexiones.max(1))
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(opciones)
            .await
            .with_context(|| format!("no se pudo conectar a PostgreSQL en {donde}"))?;
        // A database a newer build migrated is left as it is.
        super::esquema::exigir_conocida(PgStore::aplicada_en(&pool).await?)?;
        super::esquema::MIGRACIONES_POSTGRES
            .run(&pool)
            .await
            .context("migraciones de PostgreSQL")?;
        Ok(PgStore { pool, reloj })
    }
}

/// Why PostgreSQL at `donde` could not be reached, in the words an operator needs.
fn explicar(e: &sqlx::Error, donde: &str) -> String {
    match e {
        sqlx::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => {
            format!("PostgreSQL rechazó la conexión en {donde}: nadie escucha en esa dirección (¿está en marcha el servidor?)")
        }
        sqlx::Error::Io(io) => format!("no se pudo conectar a PostgreSQL en {donde}: {io}"),
        sqlx::Error::Database(db) => format!(
            "PostgreSQL en {donde} rechazó la conexión: {}",
            db.message()
        ),
        otro => format!("no se pudo conectar a PostgreSQL en {donde}: {otro}"),
    }
}

impl PgStore {
    /// Rows of `tabla` (aliased `alias` outside) whose folded name, or e-mail or phone, holds
    /// `q`; a phone typed with spaces or a country code finds the stored digits.
    fn busqueda_en(tabla: &str, alias: &str, q: &str) -> Vec<super::comun::Parte> {
        use super::comun::{Dialecto, Parte::*};
        let contacto = " OR (coalesce(x.email, '') || ' ' || coalesce(x.phone, '')) ILIKE ";
        let mut partes = vec![
            Sql(format!(
                "{alias}.id IN (SELECT x.id FROM {tabla} x WHERE {} LIKE ",
                Self::plegado("x.name")
            )),
            Valor(super::comun::patron_like(&anfitrion_core::texto::plegar(q))),
            Sql(" ESCAPE '\\'".into()),
            Sql(contacto.into()),
            Valor(super::comun::patron_like(q)),
            Sql(" ESCAPE '\\'".into()),
        ];
        if let Some(digitos) =
            anfitrion_core::texto::digitos_de_telefono(q).filter(|d| d != q.trim())
        {
            partes.extend([Sql(contacto.into()), Valor(format!("%{digitos}%"))]);
        }
        partes.push(Sql(" OFFSET 0)".into()));
        partes
    }
}

impl super::comun::Dialecto for PgStore {
    const EMPEZAR_ESCRITURA: &'static str = "BEGIN";
    const BLOQUEAR_SUCURSAL: &'static str = "SELECT id FROM sucursales WHERE id = $1 FOR UPDATE";
    const PARA_ACTUALIZAR: &'static str = " FOR UPDATE";
    const BLOQUEAR_NUMERO: &'static str =
        "SELECT pg_advisory_xact_lock(hashtextextended('mensajes:' || $1, 0))";

    fn en_lista_json(expr: &str, n: usize) -> String {
        format!("{expr} IN (SELECT jsonb_array_elements_text(${n}::jsonb))")
    }

    fn busqueda_reservacion(q: &str) -> Vec<super::comun::Parte> {
        // Each side matches an indexed expression (pg_trgm), so LIKE '%…%' uses the index: the
        // folded name (migration 0012), and the contact. OFFSET 0 keeps the search a step of its
        // own: otherwise the planner may walk the page's date index hoping to meet 50 matches
        // early, and read every row for a rare one.
        Self::busqueda_en("reservaciones", "r", q)
    }

    fn valores_json(col: &str) -> String {
        format!("SELECT value FROM jsonb_each_text(CASE WHEN jsonb_typeof({col}) = 'object' THEN {col} END)")
    }

    fn busqueda_cliente(q: &str) -> Vec<super::comun::Parte> {
        Self::busqueda_en("clientes", "c", q)
    }

    fn filas_json(_: &str) -> Option<String> {
        None
    }

    fn dias_antes(expr: &str, dias: i64) -> String {
        format!("({expr} - INTERVAL '{dias} days')")
    }

    fn plegado(expr: &str) -> String {
        format!(
            "translate(lower({expr}), '{}', '{}')",
            anfitrion_core::texto::PLEGADO_DESDE,
            anfitrion_core::texto::PLEGADO_HACIA
        )
    }
}
