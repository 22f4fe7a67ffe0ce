//! Walk-in saves per second through the API, one at a time and 32 at once, on SQLite and on
//! PostgreSQL, with the p99 of a save: each save checks the session, core's rules and the branch's
//! catalogue, and takes a folio in its transaction.
//!
//! Usage: `cargo run --release -p anfitrion-server --example bench_walkins`.
//! PostgreSQL: `ANFITRION_TEST_PG` (an administrative URL; a database is created and dropped).

use std::sync::Arc;
use std::time::{Duration, Instant};

use anfitrion_server::config::Config;
use anfitrion_server::db::nuevo_id;
use serde_json::{json, Value};
use sqlx::Connection;

const GUARDADOS: usize = 640;

fn p(mut xs: Vec<Duration>, q: f64) -> f64 {
    xs.sort();
    xs[((xs.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1000.0
}

async fn medir(url: &str, motor: &str) -> anyhow::Result<()> {
    let mut config = Config::new("127.0.0.1:0".parse()?, url);
    config.demo = true;
    let app = anfitrion_server::launch(config).await?;
    let base = format!("http://{}", app.addr);
    let cliente = reqwest::Client::new();
    let login: Value = cliente.post(format!("{base}/api/v1/auth/login")).json(&json!({ "email": "gerente@demo.mx", "password": "demo1234" })).send().await?.json().await?;
    let token = login["data"]["token"].as_str().unwrap().to_owned();
    let meseros: Value = cliente.get(format!("{base}/api/v1/admin/meseros?tag=polanco")).bearer_auth(&token).send().await?.json().await?;
    let mesero = meseros["data"][0]["_id"].as_str().unwrap().to_owned();
    let cuerpo = Arc::new(json!({
        "tag_sucursal": "polanco", "name": "Cliente de prueba", "evento": "Ninguno",
        "comanda": { "mesa": "5", "mesero_id": mesero, "no_personas": 3, "buffet_adulto": 2, "buffet_boy": 1,
                     "buffet_promo_adulto": 3, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    }));
    for concurrencia in [1usize, 32] {
        let inicio = Instant::now();
        let mut tareas = Vec::new();
        for _ in 0..concurrencia {
            let (cliente, base, token, cuerpo) = (cliente.clone(), base.clone(), token.clone(), cuerpo.clone());
            tareas.push(tokio::spawn(async move {
                let mut tiempos = Vec::new();
                for _ in 0..GUARDADOS / concurrencia {
                    let t = Instant::now();
                    let r = cliente.post(format!("{base}/api/v1/admin/walkin")).bearer_auth(&token).json(&*cuerpo).send().await.unwrap();
                    assert_eq!(r.status(), 201);
                    r.bytes().await.unwrap();
                    tiempos.push(t.elapsed());
                }
                tiempos
            }));
        }
        let mut tiempos = Vec::new();
        for t in tareas {
            tiempos.extend(t.await?);
        }
        let total = inicio.elapsed().as_secs_f64();
        println!(
            "{motor:<10} concurrencia {concurrencia:>2}: {:>7.0} guardados/s   mediana {:>6.2} ms   p99 {:>6.2} ms",
            tiempos.len() as f64 / total,
            p(tiempos.clone(), 0.5),
            p(tiempos, 0.99)
        );
    }
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    println!("Walk-ins: {GUARDADOS} guardados por la API con cada concurrencia");
    let dir = std::env::temp_dir().join(format!("anfitrion-bench-{}", nuevo_id()));
    std::fs::create_dir_all(&dir)?;
    medir(&format!("sqlite://{}", dir.join("bench.db").display()), "SQLite").await?;
    std::fs::remove_dir_all(&dir)?;
    let admin = std::env::var("ANFITRION_TEST_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());
    let nombre = format!("anfitrion_bench_{}", nuevo_id());
    let mut c = sqlx::PgConnection::connect(&admin).await?;
    sqlx::query(&format!("CREATE DATABASE \"{nombre}\"")).execute(&mut c).await?;
    let url = format!("{}/{nombre}", admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin));
    let r = medir(&url, "PostgreSQL").await;
    sqlx::query(&format!("DROP DATABASE IF EXISTS \"{nombre}\" WITH (FORCE)")).execute(&mut c).await?;
    r
}
