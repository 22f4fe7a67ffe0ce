//! Backups of the embedded database: `anfitrion respaldo` takes a consistent copy while the
//! server runs (SQLite's `VACUUM INTO`, which reads one snapshot while writers go on) and checks
//! it (`PRAGMA integrity_check`, rows per table); `anfitrion restaurar` puts a checked copy in
//! place of a database no server is using. A running server holds a shared lock on
//! `<database>.lock`; a restore needs it exclusive. On PostgreSQL, `pg_dump` is the tool.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::Context;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, SqliteConnection};

use crate::db::cerrojo::{ruta_cerrojo, ruta_sqlite};
use crate::db::Motor;

/// A checked copy: its size and the rows of each table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verificado {
    pub bytes: u64,
    pub esquema: Option<i64>,
    pub filas: Vec<(String, i64)>,
}

impl Verificado {
    /// How many rows `tabla` holds in the copy.
    pub fn filas_de(&self, tabla: &str) -> Option<i64> {
        self.filas.iter().find(|(t, _)| t == tabla).map(|(_, n)| *n)
    }

    /// The report the command prints.
    pub fn informe(&self, ruta: &Path) -> String {
        let mut s = format!(
            "{}: {:.1} MB, integridad correcta, esquema {}\n",
            ruta.display(),
            self.bytes as f64 / 1_048_576.0,
            self.esquema
                .map_or_else(|| "—".to_owned(), |v| v.to_string())
        );
        for (tabla, n) in &self.filas {
            s.push_str(&format!("  {tabla}: {n}\n"));
        }
        s
    }
}

async fn abrir(ruta: &Path, solo_lectura: bool) -> anyhow::Result<SqliteConnection> {
    SqliteConnectOptions::from_str(&format!("sqlite://{}", ruta.display()))?
        .read_only(solo_lectura)
        .connect()
        .await
        .with_context(|| format!("no se pudo abrir {}", ruta.display()))
}

/// Opens the copy at `ruta`, checks its integrity and counts its rows per table.
pub async fn verificar(ruta: &Path) -> anyhow::Result<Verificado> {
    anyhow::ensure!(ruta.is_file(), "no existe el archivo {}", ruta.display());
    let mut c = abrir(ruta, true).await?;
    let integridad: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_all(&mut c)
        .await
        .with_context(|| format!("{} no es una base de datos SQLite", ruta.display()))?;
    anyhow::ensure!(
        integridad == ["ok"],
        "{} está dañado: {}",
        ruta.display(),
        integridad.join("; ")
    );
    let tablas: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         AND name NOT LIKE '%busqueda%' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name",
    )
    .fetch_all(&mut c)
    .await?;
    let mut filas = Vec::with_capacity(tablas.len());
    for t in tablas {
        let n: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM \"{t}\""))
            .fetch_one(&mut c)
            .await?;
        filas.push((t, n));
    }
    let esquema: Option<i64> =
        sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations WHERE success")
            .fetch_one(&mut c)
            .await
            .ok()
            .flatten();
    c.close().await?;
    Ok(Verificado {
        bytes: std::fs::metadata(ruta)?.len(),
        esquema,
        filas,
    })
}

/// Why PostgreSQL is not backed up here, and the line that does it.
fn pg_dump(url: &str, salida: &Path) -> anyhow::Error {
    anyhow::anyhow!(
        "En PostgreSQL el respaldo lo hace pg_dump, no Anfitrión (es consistente aunque el servidor siga en marcha). Ejecuta:\n  pg_dump --format=custom --file='{}' '{url}'\ny para restaurar, con los servidores detenidos:\n  pg_restore --clean --if-exists --dbname='{url}' '{}'",
        salida.display(),
        salida.display()
    )
}

/// A consistent copy of the database at `url` in `salida` (which must not exist), checked.
pub async fn respaldar(url: &str, salida: &Path) -> anyhow::Result<Verificado> {
    match Motor::de_url(url) {
        Some(Motor::Sqlite) => {}
        Some(Motor::Postgres) => return Err(pg_dump(url, salida)),
        None => anyhow::bail!("DATABASE_URL debe empezar con sqlite:// o postgres://"),
    }
    anyhow::ensure!(
        !salida.exists(),
        "{} ya existe: elige otro nombre para el respaldo",
        salida.display()
    );
    if let Some(carpeta) = salida.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(carpeta)
            .with_context(|| format!("no se pudo crear {}", carpeta.display()))?;
    }
    let base = ruta_sqlite(url)?;
    anyhow::ensure!(
        base.is_file(),
        "no existe la base de datos {}",
        base.display()
    );
    let mut c = abrir(&base, false).await?;
    sqlx::query("VACUUM INTO $1")
        .bind(salida.to_string_lossy().into_owned())
        .execute(&mut c)
        .await
        .with_context(|| format!("no se pudo escribir {}", salida.display()))?;
    c.close().await?;
    verificar(salida).await
}

/// Puts the checked copy `respaldo` in place of the database at `url`, which no server may be
/// using; a copy of a newer schema than this build knows is refused.
pub async fn restaurar(url: &str, respaldo: &Path) -> anyhow::Result<Verificado> {
    match Motor::de_url(url) {
        Some(Motor::Sqlite) => {}
        Some(Motor::Postgres) => return Err(pg_dump(url, respaldo)),
        None => anyhow::bail!("DATABASE_URL debe empezar con sqlite:// o postgres://"),
    }
    let v = verificar(respaldo).await?;
    crate::db::esquema::exigir_conocida(v.esquema)?;
    let base = ruta_sqlite(url)?;
    if let Some(carpeta) = base.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(carpeta)?;
    }
    let cerrojo = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(ruta_cerrojo(&base))?;
    match cerrojo.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => anyhow::bail!(
            "La base de datos {} está en uso por un servidor en marcha: detenlo antes de restaurar. No se cambió nada.",
            base.display()
        ),
        Err(std::fs::TryLockError::Error(e)) => return Err(e.into()),
    }
    // Written beside it first, then moved over it in one step: never half a database.
    let mut temporal = base.as_os_str().to_owned();
    temporal.push(".restaurando");
    let temporal = PathBuf::from(temporal);
    let _ = std::fs::remove_file(&temporal);
    let mut c = abrir(respaldo, true).await?;
    sqlx::query("VACUUM INTO $1")
        .bind(temporal.to_string_lossy().into_owned())
        .execute(&mut c)
        .await?;
    c.close().await?;
    for sufijo in ["-wal", "-shm"] {
        let mut r = base.as_os_str().to_owned();
        r.push(sufijo);
        let _ = std::fs::remove_file(PathBuf::from(r));
    }
    std::fs::rename(&temporal, &base)
        .with_context(|| format!("no se pudo reemplazar {}", base.display()))?;
    drop(cerrojo);
    Ok(v)
}

/// Backups on a schedule (`serve --respaldos DIR --respaldo-cada 1h --conservar 48`).
#[derive(Debug, Clone)]
pub struct ConfRespaldos {
    pub carpeta: PathBuf,
    pub cada: std::time::Duration,
    /// How many of the newest copies are kept.
    pub conservar: usize,
}

/// The name of the copy taken at `ahora`: sorting the names sorts the copies by age.
fn nombre_programado(ahora: chrono::DateTime<chrono::Utc>) -> String {
    format!("anfitrion-{}.db", ahora.format("%Y%m%d-%H%M%S"))
}

/// One scheduled backup: a checked copy in the folder, named by the time, and the copies beyond
/// the newest `conservar` removed. Answers the copy's path.
pub async fn respaldo_programado(
    url: &str,
    conf: &ConfRespaldos,
    ahora: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<PathBuf> {
    let salida = conf.carpeta.join(nombre_programado(ahora));
    respaldar(url, &salida).await?;
    let mut copias: Vec<PathBuf> = std::fs::read_dir(&conf.carpeta)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("anfitrion-") && n.ends_with(".db"))
        })
        .collect();
    copias.sort();
    let sobran = copias.len().saturating_sub(conf.conservar.max(1));
    for vieja in &copias[..sobran] {
        std::fs::remove_file(vieja)
            .with_context(|| format!("no se pudo quitar {}", vieja.display()))?;
    }
    Ok(salida)
}

/// A period as the command line writes it: `90s`, `30m`, `1h`, `2d`.
pub fn leer_periodo(texto: &str) -> Result<std::time::Duration, String> {
    let t = texto.trim();
    let (numero, unidad) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let n: u64 = numero
        .parse()
        .map_err(|_| format!("«{texto}» no es un periodo: escribe, por ejemplo, 30m, 1h o 1d"))?;
    let segundos = match unidad {
        "s" => n,
        "m" => n * 60,
        "h" | "" => n * 3600,
        "d" => n * 86_400,
        _ => {
            return Err(format!(
                "«{texto}» no es un periodo: escribe, por ejemplo, 30m, 1h o 1d"
            ))
        }
    };
    if segundos < 60 {
        return Err("Los respaldos programados van de un minuto en adelante".to_owned());
    }
    Ok(std::time::Duration::from_secs(segundos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_reads_as_the_command_line_writes_it() {
        assert_eq!(leer_periodo("1h"), Ok(std::time::Duration::from_secs(3600)));
        assert_eq!(
            leer_periodo("30m"),
            Ok(std::time::Duration::from_secs(1800))
        );
        assert_eq!(
            leer_periodo("2d"),
            Ok(std::time::Duration::from_secs(172_800))
        );
        assert!(leer_periodo("10s").is_err());
        assert!(leer_periodo("una hora").is_err());
    }
}
