//! The database a demo test starts from. Migrating a new database and seeding the demo is most of
//! a server test's cost (about a second on PostgreSQL, half of one on SQLite), and nearly every
//! test needs the same: the demo, seeded at the suite's clock. So each test build seeds that
//! database once per engine and clock, under a lock the other test processes wait on, and every
//! test gets a copy of its own: a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on
//! PostgreSQL. The copy holds exactly what the server's own start would have written before its
//! jobs run (migrations, catalogue, demo), and the server then starts on it as on any database.
//! `make test` removes the templates when it ends (`anfitrion_plantilla_*`).

use std::fs::File;
use std::hash::{Hash, Hasher};
use std::os::fd::AsRawFd;

use anfitrion_server::auth::claves::{Claves, CostoHash};
use anfitrion_server::db::{conectar, nuevo_id};
use anfitrion_server::reloj::Reloj;
use chrono::{DateTime, Utc};
use sqlx::Connection;

use crate::helpers::{cambiar_base, conexion_admin, ejecutar, url_admin_pg, BaseTemporal, Motor};

/// What a template depends on: this very test binary (its code migrates and seeds), the engine
/// and the clock the demo is seeded at.
fn clave(motor: Motor, ahora: DateTime<Utc>) -> String {
    let exe = std::env::current_exe().expect("el ejecutable de la prueba");
    let meta = std::fs::metadata(&exe).expect("los datos del ejecutable");
    // SipHash with its fixed keys: the same value in every process of the run.
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (
        exe,
        meta.len(),
        meta.modified().ok(),
        format!("{motor:?}"),
        ahora,
    )
        .hash(&mut h);
    format!("{:016x}", h.finish())
}

/// Migrates and seeds the database at `url` as `launch` does with `--demo` at `ahora`, and
/// closes nothing: the caller takes what it needs from it. The rows are stamped half a minute
/// before `ahora`, so everything a test then does comes after them, as on a fresh database (the
/// test's own clock starts at `ahora` when its server starts, whenever the template was made).
async fn sembrar(
    url: &str,
    ahora: DateTime<Utc>,
) -> std::sync::Arc<dyn anfitrion_server::db::Store> {
    let reloj = Reloj::desde(ahora - chrono::Duration::seconds(30));
    let store = conectar(url, 2, reloj)
        .await
        .expect("la plantilla se migra");
    store
        .asegurar_catalogo()
        .await
        .expect("el catálogo de la plantilla");
    let claves = Claves::new(CostoHash::Ligero);
    anfitrion_server::demo::sembrar_y_anunciar(store.as_ref(), &claves, ahora, 0)
        .await
        .expect("la demostración de la plantilla");
    store
}

/// An exclusive lock on a file, held until it is dropped: one process builds a template while the
/// others wait for it.
struct Cerrojo(File);

impl Cerrojo {
    fn tomar(ruta: &std::path::Path) -> Cerrojo {
        let archivo = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(ruta)
            .expect("el cerrojo de la plantilla");
        // SAFETY: flock on a descriptor this File owns for as long as the lock is held.
        let r = unsafe { libc::flock(archivo.as_raw_fd(), libc::LOCK_EX) };
        assert_eq!(r, 0, "flock: {}", std::io::Error::last_os_error());
        Cerrojo(archivo)
    }
}

impl Drop for Cerrojo {
    fn drop(&mut self) {
        // SAFETY: the same descriptor, still open.
        unsafe { libc::flock(self.0.as_raw_fd(), libc::LOCK_UN) };
    }
}

/// A new database of the engine holding the demo seeded at `ahora`, removed when dropped.
pub async fn copia(motor: Motor, ahora: DateTime<Utc>) -> (BaseTemporal, String) {
    let clave = clave(motor, ahora);
    let plantilla = match motor {
        Motor::Sqlite => plantilla_sqlite(&clave, ahora).await,
        Motor::Postgres => plantilla_postgres(&clave, ahora).await,
    };
    BaseTemporal::crear_de(motor, Some(&plantilla)).await
}

/// The template's file, seeded by the first test process that asks for it.
async fn plantilla_sqlite(clave: &str, ahora: DateTime<Utc>) -> String {
    let carpeta = std::env::temp_dir().join("anfitrion-plantillas");
    std::fs::create_dir_all(&carpeta).expect("la carpeta de plantillas");
    let plantilla = carpeta.join(format!("{clave}.db"));
    let _cerrojo = Cerrojo::tomar(&carpeta.join(format!("{clave}.lock")));
    if !plantilla.exists() {
        let obra = carpeta.join(format!("{clave}-{}", nuevo_id()));
        std::fs::create_dir_all(&obra).expect("la carpeta de la plantilla");
        let url = format!("sqlite://{}", obra.join("semilla.db").display());
        let store = sembrar(&url, ahora).await;
        // One self-contained file, whatever the write-ahead log still holds.
        let lista = obra.join("plantilla.db");
        let mut con = sqlx::SqliteConnection::connect(&url)
            .await
            .expect("la semilla");
        sqlx::query("VACUUM INTO ?")
            .bind(lista.display().to_string())
            .execute(&mut con)
            .await
            .expect("VACUUM INTO");
        let _ = con.close().await;
        drop(store);
        std::fs::rename(&lista, &plantilla).expect("la plantilla en su lugar");
        let _ = std::fs::remove_dir_all(&obra);
    }
    plantilla.display().to_string()
}

/// The template database's name, seeded by the first test process that asks for it.
async fn plantilla_postgres(clave: &str, ahora: DateTime<Utc>) -> String {
    let plantilla = format!("anfitrion_plantilla_{clave}");
    let mut con = conexion_admin().await;
    // A session lock keyed by the template: its builder holds it, the others wait.
    let llave = i64::from_str_radix(&clave[..15], 16).expect("la llave del cerrojo");
    ejecutar(&mut con, &format!("SELECT pg_advisory_lock({llave})")).await;
    let existe: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(&plantilla)
            .fetch_one(&mut con)
            .await
            .expect("pg_database");
    if !existe {
        // Seeded under another name and renamed once whole: a build cut short leaves no half
        // template behind.
        let obra = format!("{plantilla}_{}", nuevo_id());
        ejecutar(&mut con, &format!("CREATE DATABASE \"{obra}\"")).await;
        drop(sembrar(&cambiar_base(&url_admin_pg(), &obra), ahora).await);
        // Renaming it and copying it need nobody connected to it: the seeding's pool is gone,
        // its sessions are ended (waiting up to 5 s for each to end).
        ejecutar(&mut con, &format!("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = '{obra}'")).await;
        ejecutar(
            &mut con,
            &format!("ALTER DATABASE \"{obra}\" RENAME TO \"{plantilla}\""),
        )
        .await;
    }
    ejecutar(&mut con, &format!("SELECT pg_advisory_unlock({llave})")).await;
    let _ = con.close().await;
    plantilla
}
