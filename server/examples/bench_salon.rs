//! The floor at a large branch: reading the floor of 200 tables with 150 seated (median and p99,
//! through the API, and the storage read alone), and opening a table (a walk-in save that seats
//! it) with 32 hosts at once, each opening and freeing its own table (saves/s, median, p99); on
//! SQLite and on PostgreSQL.
//!
//! Usage: `cargo run --release -p anfitrion-server --example bench_salon`.
//! PostgreSQL: `ANFITRION_TEST_PG` (an administrative URL; a database is created and dropped).

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

mod comun;
use comun::{medir as cronometrar, percentil};

const MESAS: u32 = 200;
const SENTADAS: u32 = 150;
const LECTURAS: usize = 300;
const HOSTES: usize = 32;
const VUELTAS: usize = 20;

fn walkin(mesero: &str, mesa: u32) -> Value {
    json!({
        "tag_sucursal": "polanco", "name": "Cliente de prueba", "evento": "Ninguno",
        "comanda": { "mesa": mesa.to_string(), "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                     "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    })
}

async fn medir(url: &str, motor: &str) -> anyhow::Result<()> {
    let demo = comun::demo(url, |_| {}).await?;
    // 200 tables in two areas, placed in rows.
    let mesas: Vec<Value> = (1..=MESAS)
        .map(|n| {
            let i = n - 1;
            let asientos = [2, 4, 4, 6][(i % 4) as usize];
            json!({ "numero": n, "asientos": asientos, "combinable": i % 2 == 0,
                    "area": if n <= 120 { "Salón" } else { "Terraza" }, "forma": if i % 3 == 0 { "redonda" } else { "cuadrada" },
                    "x": (i % 20) * 5 + 2, "y": (i / 20) * 10 + 5 })
        })
        .collect();
    comun::poner_mesas(&demo, "polanco", &Value::Array(mesas)).await?;
    let comun::Demo {
        app,
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
    // The demo's own parties leave first: the 150 seated are the benchmark's.
    let piso: Value = cliente
        .get(format!("{base}/api/v1/admin/salon?tag=polanco"))
        .bearer_auth(&token)
        .send()
        .await?
        .json()
        .await?;
    for turno in piso["data"]["mesas"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["turno"]["_id"].as_str())
    {
        let r = cliente
            .post(format!("{base}/api/v1/admin/salon/turnos/{turno}/liberar"))
            .bearer_auth(&token)
            .send()
            .await?;
        anyhow::ensure!(
            r.status().is_success(),
            "liberar {turno}: {}",
            r.text().await?
        );
    }
    for mesa in 1..=SENTADAS {
        let r = cliente
            .post(format!("{base}/api/v1/admin/walkin"))
            .bearer_auth(&token)
            .json(&walkin(&mesero, mesa))
            .send()
            .await?;
        anyhow::ensure!(r.status() == 201, "mesa {mesa}: {}", r.text().await?);
    }

    let (mediana, p99) = cronometrar(LECTURAS, |_| {
        let (cliente, base, token) = (cliente.clone(), base.clone(), token.clone());
        async move {
            let r = cliente
                .get(format!("{base}/api/v1/admin/salon?tag=polanco"))
                .bearer_auth(&token)
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), 200);
            let piso: Value = r.json().await.unwrap();
            assert_eq!(
                piso["data"]["resumen"]["libres"].as_u64(),
                Some(u64::from(MESAS - SENTADAS))
            );
        }
    })
    .await;
    println!("{motor:<10} salón de {MESAS} mesas con {SENTADAS} ocupadas (API):      mediana {mediana:>6.2} ms   p99 {p99:>6.2} ms");
    let sucursal_id = {
        let s: Value = cliente
            .get(format!("{base}/api/v1/admin/sucursal/sucuser/suc"))
            .bearer_auth(&token)
            .send()
            .await?
            .json()
            .await?;
        s["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["tag"] == "polanco")
            .unwrap()["_id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let store = app.store.clone();
    let (mediana, p99) = cronometrar(LECTURAS, |_| {
        let (store, id) = (store.clone(), sucursal_id.clone());
        async move {
            let leido = store
                .piso_de(
                    &id,
                    chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
                    (
                        chrono::DateTime::<chrono::Utc>::UNIX_EPOCH.naive_utc(),
                        chrono::DateTime::<chrono::Utc>::UNIX_EPOCH.naive_utc(),
                    ),
                )
                .await
                .unwrap();
            assert_eq!(leido.turnos.len(), SENTADAS as usize);
        }
    })
    .await;
    println!("{motor:<10} salón de {MESAS} mesas con {SENTADAS} ocupadas (almacén):  mediana {mediana:>6.2} ms   p99 {p99:>6.2} ms");

    // 32 hosts, each opening its own free table and freeing it again.
    let inicio = Instant::now();
    let cuerpo_mesero = Arc::new(mesero);
    let mut tareas = Vec::new();
    for h in 0..HOSTES {
        let (cliente, base, token, mesero) = (
            cliente.clone(),
            base.clone(),
            token.clone(),
            cuerpo_mesero.clone(),
        );
        let mesa = SENTADAS + 1 + u32::try_from(h).unwrap();
        tareas.push(tokio::spawn(async move {
            let mut tiempos: Vec<Duration> = Vec::new();
            for _ in 0..VUELTAS {
                let t = Instant::now();
                let r = cliente
                    .post(format!("{base}/api/v1/admin/walkin"))
                    .bearer_auth(&token)
                    .json(&walkin(&mesero, mesa))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(r.status(), 201);
                r.bytes().await.unwrap();
                tiempos.push(t.elapsed());
                let piso: Value = cliente
                    .get(format!("{base}/api/v1/admin/salon?tag=polanco"))
                    .bearer_auth(&token)
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                let turno = piso["data"]["mesas"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|m| m["numero"] == mesa)
                    .unwrap()["turno"]["_id"]
                    .as_str()
                    .unwrap()
                    .to_owned();
                let r = cliente
                    .post(format!("{base}/api/v1/admin/salon/turnos/{turno}/liberar"))
                    .bearer_auth(&token)
                    .send()
                    .await
                    .unwrap();
                assert_eq!(r.status(), 200);
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
        "{motor:<10} abrir mesa con {HOSTES} hostes a la vez: {:>6.0} aperturas/s (con su lectura y liberación)   mediana {:>6.2} ms   p99 {:>6.2} ms",
        tiempos.len() as f64 / total,
        percentil(tiempos.clone(), 0.5),
        percentil(tiempos, 0.99)
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    println!("Salón: lectura del salón y apertura de mesas por la API");
    comun::en_ambos_motores(|motor, url| async move { medir(&url, motor).await }).await
}
