//! The kitchen's forecast for a branch with eight weeks of history at 400 walk-ins a day (and 100
//! ended reservations a day), on SQLite and on PostgreSQL, on a Saturday at 14:00: the median and
//! p99 of `GET /api/v1/admin/cocina` (the branch, its history's reads, the waitlist's quotes,
//! core's rule), of the history's reads alone and of core's rule alone.
//!
//! Usage: `cargo run --release -p anfitrion-server --example bench_cocina`.
//! PostgreSQL: `ANFITRION_TEST_PG` (an administrative URL; a database is created and dropped).

use std::time::Instant;

use anfitrion_core::cocina::{self, EntradaPronostico};
use anfitrion_server::reloj::Reloj;
use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
use serde_json::Value;
use sqlx::Connection;

mod comun;
use comun::percentil;

const WALKINS_AL_DIA: usize = 400;
const RESERVAS_AL_DIA: usize = 100;
const DIAS: i64 = 56;
const CONSULTAS: usize = 300;

/// Saturday 2026-11-28, 14:00 in Mexico City.
fn ahora_local() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, 28)
        .unwrap()
        .and_time(NaiveTime::from_hms_opt(14, 0, 0).unwrap())
}

/// The past's rows as multi-row INSERTs: walk-ins from 13:00 to 22:00 every day (a family in
/// four has a child; every third after 18:40 eats the promo), reservations that came or not.
fn inserciones(sucursal: &str) -> Vec<String> {
    let mut sql = Vec::new();
    let mut folio = 1_000_000u64;
    for d in 1..=DIAS {
        let dia = ahora_local().date() - Duration::days(d);
        let mut filas = Vec::with_capacity(WALKINS_AL_DIA);
        for i in 0..WALKINS_AL_DIA {
            let t = dia.and_time(NaiveTime::from_hms_opt(13, 0, 0).unwrap())
                + Duration::seconds((i * 9 * 3600 / WALKINS_AL_DIA) as i64);
            let personas = 2 + (i % 4) as u32;
            let nino = u32::from(personas == 4);
            let promo = t.time() >= NaiveTime::from_hms_opt(18, 40, 0).unwrap() && i % 3 == 0;
            let (a, b, pa, pg, pb) = if promo {
                (personas - nino, 0, 1, personas - 1 - nino, nino)
            } else {
                (personas - nino, nino, 0, 0, 0)
            };
            folio += 1;
            filas.push(format!(
                "('b{folio}', '{sucursal}', 'Walk-in', '{}', {personas}, {a}, {b}, {pa}, {pg}, {pb}, {folio}, '{{}}', '{{}}', '2026-01-01T00:00:00Z')",
                t.format("%Y-%m-%d %H:%M:%S")
            ));
        }
        for trozo in filas.chunks(200) {
            sql.push(format!(
                "INSERT INTO walkins (id, sucursal_id, name, fecha_hora, no_personas, buffet_adulto, buffet_boy, \
                 buffet_promo_adulto, buffet_promo_girl, buffet_promo_boy, folio, comanda, abre, created_at) VALUES {}",
                trozo.join(", ")
            ));
        }
        let reservas: Vec<String> = (0..RESERVAS_AL_DIA)
            .map(|i| {
                let t = dia.and_time(NaiveTime::from_hms_opt(13, 0, 0).unwrap())
                    + Duration::minutes((i * 9 * 60 / RESERVAS_AL_DIA) as i64);
                let status = if i % 7 == 0 { "Vencido" } else { "Asistio" };
                let origen = ["Widget", "Plataforma", "Whatsapp", "google"][i % 4];
                let confirmada = if i % 2 == 0 { "'2026-01-01T00:00:00Z'" } else { "NULL" };
                format!(
                    "('r{d}-{i}', '{sucursal}', 'Reserva', '{}', {}, '{status}', '{origen}', {confirmada}, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
                    t.format("%Y-%m-%d %H:%M:%S"),
                    2 + i % 6
                )
            })
            .collect();
        sql.push(format!(
            "INSERT INTO reservaciones (id, sucursal_id, name, fecha_hora, no_personas, status, origin, confirmada, created_at, updated_at) VALUES {}",
            reservas.join(", ")
        ));
    }
    sql
}

async fn sembrar(url: &str, sucursal: &str) -> anyhow::Result<()> {
    let sentencias = inserciones(sucursal);
    if url.starts_with("sqlite:") {
        let mut c = sqlx::SqliteConnection::connect(url).await?;
        let mut tx = c.begin().await?;
        for s in &sentencias {
            sqlx::query(s).execute(&mut *tx).await?;
        }
        tx.commit().await?;
    } else {
        let mut c = sqlx::PgConnection::connect(url).await?;
        let mut tx = c.begin().await?;
        for s in &sentencias {
            sqlx::query(s).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        sqlx::query("ANALYZE").execute(&mut c).await?;
    }
    Ok(())
}

async fn medir(url: &str, motor: &str) -> anyhow::Result<()> {
    let instante = chrono_tz::America::Mexico_City
        .from_local_datetime(&ahora_local())
        .single()
        .expect("una hora de la Ciudad de México")
        .with_timezone(&chrono::Utc);
    let d = comun::demo(url, |config| {
        config.reloj = Reloj::desde(instante);
        config.consultas_por_hora = usize::MAX;
    })
    .await?;
    let sucursal = d
        .app
        .store
        .sucursal_reservable("polanco")
        .await?
        .expect("polanco");
    let id = sucursal.id.clone();
    let t = Instant::now();
    sembrar(url, &id).await?;
    let carga = t.elapsed();

    let mut http = Vec::with_capacity(CONSULTAS);
    let mut esperados = 0;
    for _ in 0..CONSULTAS {
        let t = Instant::now();
        let r = d
            .cliente
            .get(format!("{}/api/v1/admin/cocina?tag=polanco", d.base))
            .bearer_auth(&d.token)
            .send()
            .await?;
        anyhow::ensure!(r.status() == 200, "cocina: {}", r.status());
        let v: Value = r.json().await?;
        http.push(t.elapsed());
        esperados = v["data"]["pronostico"]["esperados_total"]
            .as_u64()
            .unwrap_or(0);
    }

    let hoy = ahora_local().date();
    let asistencia = (
        ahora_local() - Duration::weeks(8),
        ahora_local() - Duration::hours(9),
    );
    let dias = cocina::dias_de_historia(hoy);
    let mut lecturas = Vec::with_capacity(CONSULTAS);
    let mut nucleo = Vec::with_capacity(CONSULTAS);
    let mut historial = 0;
    for _ in 0..CONSULTAS {
        let t = Instant::now();
        let l = d
            .app
            .store
            .lectura_cocina(&id, ahora_local(), &dias, asistencia)
            .await?;
        lecturas.push(t.elapsed());
        historial = l.historial.len();
        let entrada = EntradaPronostico {
            ahora: ahora_local(),
            inicio_promo: Some("18:40".into()),
            sentados: l.sentados,
            reservaciones: l.reservaciones,
            espera: Vec::new(),
            historial: l.historial,
            semanas: l.semanas,
            asistencia: l.asistencia,
        };
        let t = Instant::now();
        std::hint::black_box(cocina::pronosticar(&entrada));
        nucleo.push(t.elapsed());
    }
    println!(
        "{motor:<10} carga {:>5.1} s | API: mediana {:>6.2} ms   p99 {:>6.2} ms | lecturas: mediana {:>6.2} ms   p99 {:>6.2} ms | núcleo: mediana {:>6.3} ms   p99 {:>6.3} ms   ({historial} walk-ins leídos, {esperados} comensales esperados)",
        carga.as_secs_f64(),
        percentil(http.clone(), 0.5),
        percentil(http, 0.99),
        percentil(lecturas.clone(), 0.5),
        percentil(lecturas, 0.99),
        percentil(nucleo.clone(), 0.5),
        percentil(nucleo, 0.99),
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    println!(
        "Pronóstico de la cocina: {} semanas de historia, {WALKINS_AL_DIA} walk-ins y {RESERVAS_AL_DIA} reservaciones al día, {CONSULTAS} consultas",
        DIAS / 7
    );
    comun::en_ambos_motores(|motor, url| async move { medir(&url, motor).await }).await
}
