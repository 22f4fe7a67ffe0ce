//! The lock beside a SQLite database: a serving instance holds it shared (several may), and a
//! restore ([`crate::respaldo`]) needs it exclusive, so a database in use is never replaced.

use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::Context;

/// The file a SQLite database's path names in `url` (`sqlite://ruta.db`).
pub fn ruta_sqlite(url: &str) -> anyhow::Result<PathBuf> {
    let ruta = url.trim_start_matches("sqlite:").trim_start_matches("//");
    let ruta = ruta.split('?').next().unwrap_or_default();
    anyhow::ensure!(
        !ruta.is_empty() && ruta != ":memory:",
        "la base de datos «{url}» no es un archivo"
    );
    Ok(PathBuf::from(ruta))
}

/// The lock file beside a SQLite database.
pub fn ruta_cerrojo(base: &Path) -> PathBuf {
    let mut nombre = base.as_os_str().to_owned();
    nombre.push(".lock");
    PathBuf::from(nombre)
}

/// What a serving instance holds while it has the database open: a shared lock, which several
/// instances may hold at once and a restore cannot take.
pub struct EnUso(#[allow(dead_code)] File);

/// Takes the shared lock of the SQLite database at `base`.
pub fn marcar_en_uso(base: &Path) -> anyhow::Result<EnUso> {
    let ruta = ruta_cerrojo(base);
    let f = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&ruta)
        .with_context(|| format!("no se pudo abrir {}", ruta.display()))?;
    match f.try_lock_shared() {
        Ok(()) => Ok(EnUso(f)),
        Err(std::fs::TryLockError::WouldBlock) => anyhow::bail!(
            "La base de datos {} se está restaurando; inténtalo cuando termine.",
            base.display()
        ),
        Err(std::fs::TryLockError::Error(e)) => Err(e.into()),
    }
}
