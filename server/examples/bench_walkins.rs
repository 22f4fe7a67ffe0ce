//! Walk-in saves per second through the API, one at a time and 32 at once, on SQLite and on
//! PostgreSQL, with the p99 of a save: each save checks the session, core's rules and the branch's
//! catalogue, and takes a folio in its transaction.
//!
//! Usage: `cargo run --release -p anfitrion-server --example bench_walkins`.
//! PostgreSQL: `ANFITRION_TEST_PG` (an administrative URL; a database is created and dropped).

use std::sync::Arc;
use std::time::Instant;

use serde_json::{json, Value};

mod comun;
use comun::percentil;

const GUARDADOS: usize = 640;

async fn medir(url: &str, motor: &str) -> anyhow::Result<()> {
    let demo = comun::demo(url, |_| {}).await?;
    // Every save at one table: a branch without tables holds none, so the floor does not refuse.
    comun::poner_mesas(&demo, "polanco", &json!([])).await?;
    let comun::Demo {
        app: _app,
        base,
        cliente,
        token,
    } = demo;
    let meseros: Value = cliente
        .get(format!("{base}/api/v1/admin/meseros?tag=polanco"))
        .bearer_auth(&token)
        .send()
        .await?
        .json()
        .await?;
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
            let (cliente, base, token, cuerpo) =
                (cliente.clone(), base.clone(), token.clone(), cuerpo.clone());
            tareas.push(tokio::spawn(async move {
                let mut tiempos = Vec::new();
                for _ in 0..GUARDADOS / concurrencia {
                    let t = Instant::now();
                    let r = cliente
                        .post(format!("{base}/api/v1/admin/walkin"))
                        .bearer_auth(&token)
                        .json(&*cuerpo)
                        .send()
                        .await
                        .unwrap();
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
            percentil(tiempos.clone(), 0.5),
            percentil(tiempos, 0.99)
        );
    }
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    println!("Walk-ins: {GUARDADOS} guardados por la API con cada concurrencia");
    comun::en_ambos_motores(|motor, url| async move { medir(&url, motor).await }).await
}
