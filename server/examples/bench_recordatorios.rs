//! Reminders at scale: one branch with reminders 24 and 3 hours before, and 100 000 Pendiente
//! reservations (each with an e-mail) spread over its 60-day horizon, on SQLite and on
//! PostgreSQL. One instance's pass at a moment when a day of reservations is due (its first
//! reminders: each a transaction with two links and an e-mail in the outbox), then the steady
//! passes a minute apart that follow, as the jobs loop runs them.
//!
//! Usage: `cargo run --release -p anfitrion-server --example bench_recordatorios -- [N]`.
//! PostgreSQL: `ANFITRION_TEST_PG` (an administrative URL; a database is created and dropped).

use std::time::Instant;

use anfitrion_server::db::conectar;
use anfitrion_server::recordatorios::enviar_debidos;
use anfitrion_server::reloj::Reloj;
use chrono::{TimeZone, Utc};
use sqlx::Connection;

mod comun;
use comun::percentil;

/// Steady passes measured after the first.
const PASADAS: usize = 30;

async fn sembrar(url: &str, n: u64) -> anyhow::Result<()> {
    let sucursal = comun::sucursal_bench(url).await?;
    let cols = "id, sucursal_id, name, email, phone, fecha_hora, no_personas, evento, comentarios, status, origin, \
                email_verified, phone_verified, created_at, updated_at";
    // 60 days of minutes from 2026-06-01 00:00, spread evenly.
    if url.starts_with("sqlite:") {
        let mut c = sqlx::SqliteConnection::connect(url).await?;
        sqlx::query("INSERT INTO conf_walkin (sucursal_id, inicio_regular, inicio_promo, corte_tarde, gracia_min, updated_at, recordatorios_horas) \
                     VALUES ($1, '13:00', '17:00', '16:00', 15, '2026-01-01T00:00:00Z', '24,3')")
            .bind(&sucursal).execute(&mut c).await?;
        sqlx::query(&format!(
            "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $2) \
             INSERT INTO reservaciones ({cols}) SELECT printf('%024x', i), $1, 'Cliente ' || i, 'cliente' || i || '@correo.mx', \
             '5255' || printf('%08d', i), datetime('2026-06-01', '+' || (i * 86400 / $2) || ' minutes'), 1 + i % 8, 'Ninguno', '', \
             'Pendiente', 'Widget', 0, 0, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' FROM k"
        ))
        .bind(&sucursal).bind(n as i64).execute(&mut c).await?;
        sqlx::query("ANALYZE").execute(&mut c).await?;
    } else {
        let mut c = sqlx::PgConnection::connect(url).await?;
        sqlx::query("INSERT INTO conf_walkin (sucursal_id, inicio_regular, inicio_promo, corte_tarde, gracia_min, updated_at, recordatorios_horas) \
                     VALUES ($1, '13:00', '17:00', '16:00', 15, now(), '24,3')")
            .bind(&sucursal).execute(&mut c).await?;
        // The per-row triggers (counts, the dashboard's sums, the guest book) are not what is
        // measured here.
        sqlx::query("ALTER TABLE reservaciones DISABLE TRIGGER USER")
            .execute(&mut c)
            .await?;
        sqlx::query(&format!(
            "INSERT INTO reservaciones ({cols}) SELECT lpad(to_hex(i), 24, '0'), $1, 'Cliente ' || i, 'cliente' || i || '@correo.mx', \
             '5255' || lpad(i::text, 8, '0'), timestamp '2026-06-01' + (i * 86400 / $2) * interval '1 minute', 1 + i % 8, 'Ninguno', '', \
             'Pendiente', 'Widget', false, false, timestamptz '2026-01-01', timestamptz '2026-01-01' FROM generate_series(1, $2::bigint) AS i"
        ))
        .bind(&sucursal).bind(n as i64).execute(&mut c).await?;
        sqlx::query("ALTER TABLE reservaciones ENABLE TRIGGER USER")
            .execute(&mut c)
            .await?;
        sqlx::query("VACUUM ANALYZE").execute(&mut c).await?;
    }
    Ok(())
}

async fn medir(motor: &str, url: String, n: u64) -> anyhow::Result<()> {
    // 2026-06-15 12:00 in Mexico City.
    let inicio = Utc
        .with_ymd_and_hms(2026, 6, 15, 18, 0, 0)
        .single()
        .unwrap();
    let reloj = Reloj::desde(inicio);
    let store = conectar(&url, 4, reloj.clone()).await?;
    let t = Instant::now();
    sembrar(&url, n).await?;
    let carga = t.elapsed();
    let t = Instant::now();
    let primera = enviar_debidos(
        store.as_ref(),
        "https://reservas.ejemplo.mx",
        true,
        None,
        reloj.ahora(),
    )
    .await?;
    let dt = t.elapsed();
    let mut pasos = Vec::with_capacity(PASADAS);
    let mut despues = 0;
    for _ in 0..PASADAS {
        reloj.avanzar(chrono::Duration::seconds(60));
        let t = Instant::now();
        despues += enviar_debidos(
            store.as_ref(),
            "https://reservas.ejemplo.mx",
            true,
            None,
            reloj.ahora(),
        )
        .await?;
        pasos.push(t.elapsed());
    }
    println!(
        "{motor:<11} {n} reservaciones en 60 días: primera pasada {primera} recordatorios en {:.2} s ({:.0} por minuto); \
         pasadas cada minuto: {despues} en {PASADAS}, mediana {:.2} ms, p99 {:.2} ms (carga {:.1} s)",
        dt.as_secs_f64(),
        primera as f64 / dt.as_secs_f64() * 60.0,
        percentil(pasos.clone(), 0.5),
        percentil(pasos, 0.99),
        carga.as_secs_f64(),
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    comun::en_ambos_motores(|motor, url| medir(motor, url, n)).await
}
