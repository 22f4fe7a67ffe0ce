//! The audit log's CSV export at a million entries, on SQLite and on PostgreSQL: how long the
//! whole file takes through the API and the server's peak resident memory while it streams.
//!
//! Usage: `cargo run --release -p anfitrion-server --example bench_bitacora -- [N]`.
//! PostgreSQL: `ANFITRION_TEST_PG` (an administrative URL; a database is created and dropped).

use std::time::Instant;

use sqlx::Connection;

mod comun;

/// The process's peak resident set (VmHWM) and current one (VmRSS), in MiB.
fn memoria() -> (f64, f64) {
    let estado = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = |clave: &str| {
        estado
            .lines()
            .find(|l| l.starts_with(clave))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (kb("VmHWM:") / 1024.0, kb("VmRSS:") / 1024.0)
}

async fn sembrar(url: &str, n: u64) -> anyhow::Result<()> {
    let sql_sqlite = "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $1) \
        INSERT INTO bitacora (id, at, usuario_id, usuario_name, sucursal_id, entidad, entidad_id, accion, antes, despues) \
        SELECT printf('b%023x', i), strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (i * 31) || ' seconds'), NULL, 'Hilda Hostess', \
        (SELECT id FROM sucursales WHERE tag = 'polanco'), 'walkin', printf('%024x', i), 'registrar', NULL, \
        '{\"name\":\"Cliente, número ' || i || '\",\"mesa\":\"4\"}' FROM k";
    let sql_pg = "INSERT INTO bitacora (id, at, usuario_id, usuario_name, sucursal_id, entidad, entidad_id, accion, antes, despues) \
        SELECT 'b' || lpad(to_hex(i), 23, '0'), timestamptz '2025-01-01 00:00:00+00' + i * 31 * interval '1 second', NULL, 'Hilda Hostess', \
        (SELECT id FROM sucursales WHERE tag = 'polanco'), 'walkin', lpad(to_hex(i), 24, '0'), 'registrar', NULL, \
        jsonb_build_object('name', 'Cliente, número ' || i, 'mesa', '4') FROM generate_series(1, $1::bigint) AS i";
    if url.starts_with("sqlite:") {
        let mut c = sqlx::SqliteConnection::connect(url).await?;
        sqlx::query(sql_sqlite)
            .bind(n as i64)
            .execute(&mut c)
            .await?;
    } else {
        let mut c = sqlx::PgConnection::connect(url).await?;
        sqlx::query(sql_pg).bind(n as i64).execute(&mut c).await?;
    }
    Ok(())
}

async fn medir(motor: &str, url: &str, n: u64) -> anyhow::Result<()> {
    let comun::Demo {
        app: _app,
        base,
        cliente,
        token,
    } = comun::demo(url, |_| {}).await?;
    let t = Instant::now();
    sembrar(url, n).await?;
    let carga = t.elapsed().as_secs_f64();
    let (_, antes) = memoria();
    let t = Instant::now();
    let mut r = cliente
        .get(format!("{base}/api/v1/admin/logs/walkin?tag=polanco"))
        .bearer_auth(&token)
        .header("accept", "text/csv")
        .send()
        .await?;
    let (mut bytes, mut lineas) = (0usize, 0usize);
    while let Some(trozo) = r.chunk().await? {
        bytes += trozo.len();
        lineas += trozo.iter().filter(|b| **b == b'\n').count();
    }
    let segundos = t.elapsed().as_secs_f64();
    let (pico, despues) = memoria();
    println!(
        "{motor:<10} {n:>9} entradas (carga {carga:.1} s): CSV de {:.0} MiB y {} líneas en {segundos:.1} s; memoria residente {antes:.0} MiB antes, {despues:.0} MiB después, pico del proceso {pico:.0} MiB",
        bytes as f64 / 1048576.0,
        lineas
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    println!("Bitácora: exportación CSV completa (el servidor y el cliente en un proceso)");
    comun::en_ambos_motores(|motor, url| async move { medir(motor, &url, n).await }).await
}
