//! Webhooks: deliveries per second by one instance to a receiver on this machine (20 endpoints,
//! the queue filled first with the sender off, then emptied by passes of the sender; and one
//! endpoint alone, whose deliveries leave one at a time, in order), and the time from a walk-in's
//! save (the API call) to its delivery at the receiver, median and p99, with the jobs loop woken by
//! the save. On SQLite and on PostgreSQL.
//!
//! Usage: `cargo run --release -p anfitrion-server --example bench_webhooks`.
//! PostgreSQL: `ANFITRION_TEST_PG` (an administrative URL; a database is created and dropped).

use std::time::{Duration, Instant};

use anfitrion_server::salida::RedWebhooks;
use anfitrion_server::webhooks::{enviar_webhooks, ConfWebhooks};
use axum::http::StatusCode;
use serde_json::{json, Value};
use tokio::sync::mpsc;

mod comun;
use comun::percentil;

const ENDPOINTS: usize = 20;
const SAVES_CARGA: usize = 100;
const SAVES_SOLO: usize = 300;
const SAVES: usize = 200;

/// A receiver on this machine: answers 204 and sends the instant each delivery arrived.
async fn receptor() -> anyhow::Result<(String, mpsc::UnboundedReceiver<Instant>)> {
    let (tx, rx) = mpsc::unbounded_channel();
    let app = axum::Router::new().route(
        "/hooks",
        axum::routing::post(move |_cuerpo: String| {
            let tx = tx.clone();
            async move {
                let _ = tx.send(Instant::now());
                StatusCode::NO_CONTENT
            }
        }),
    );
    let oyente = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}/hooks", oyente.local_addr()?);
    tokio::spawn(async move { axum::serve(oyente, app).await });
    Ok((url, rx))
}

fn red_local() -> RedWebhooks {
    RedWebhooks {
        permitidas: vec!["127.0.0.0/8".parse().expect("red")],
    }
}

fn walkin(tag: &str, mesero: &str, i: usize) -> Value {
    json!({
        "tag_sucursal": tag, "name": "Peña Núñez", "evento": "Ninguno",
        "comanda": { "mesa": format!("Barra {i}"), "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                     "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    })
}

/// The demo with the branch `tag`'s tables removed (walk-ins take any table name), its first
/// waiter, and Sistemas's session.
async fn preparar(
    url: &str,
    activa: bool,
    tag: &str,
) -> anyhow::Result<(comun::Demo, String, String)> {
    let demo = comun::demo(url, |c| {
        c.webhooks.activa = activa;
        c.webhooks.red = red_local();
    })
    .await?;
    comun::poner_mesas(&demo, tag, &json!([])).await?;
    let meseros: Value = demo
        .cliente
        .get(format!("{}/api/v1/admin/meseros?tag={tag}", demo.base))
        .bearer_auth(&demo.token)
        .send()
        .await?
        .json()
        .await?;
    let mesero = meseros["data"][0]["_id"].as_str().unwrap().to_owned();
    let login: Value = demo
        .cliente
        .post(format!("{}/api/v1/auth/login", demo.base))
        .json(&json!({ "email": "sistemas@demo.mx", "password": "demo1234" }))
        .send()
        .await?
        .json()
        .await?;
    let sistemas = login["data"]["token"].as_str().unwrap().to_owned();
    Ok((demo, mesero, sistemas))
}

async fn destino(d: &comun::Demo, sistemas: &str, url: &str, tag: &str) -> anyhow::Result<()> {
    let r = d
        .cliente
        .post(format!("{}/api/v1/admin/integraciones/destinos", d.base))
        .bearer_auth(sistemas)
        .json(&json!({ "name": url, "url": url, "eventos": ["walkin.registrado"], "sucursales": [tag] }))
        .send()
        .await?;
    anyhow::ensure!(r.status().is_success(), "destino: {}", r.text().await?);
    Ok(())
}

async fn guardar(d: &comun::Demo, tag: &str, mesero: &str, i: usize) -> anyhow::Result<()> {
    let r = d
        .cliente
        .post(format!("{}/api/v1/admin/walkin", d.base))
        .bearer_auth(&d.token)
        .json(&walkin(tag, mesero, i))
        .send()
        .await?;
    anyhow::ensure!(r.status().is_success(), "walk-in: {}", r.text().await?);
    Ok(())
}

/// Passes of one instance's sender until `total` deliveries are made: their rate.
async fn vaciar(d: &comun::Demo, total: usize) -> anyhow::Result<f64> {
    let conf = ConfWebhooks {
        red: red_local(),
        ..ConfWebhooks::default()
    };
    let reloj = anfitrion_server::reloj::Reloj::sistema();
    let t = Instant::now();
    let mut entregadas = 0;
    while entregadas < total {
        let p = enviar_webhooks(d.app.store.as_ref(), &conf, reloj.ahora()).await?;
        anyhow::ensure!(
            p.fallidas == 0 && p.reintentos == 0 && p.entregadas > 0,
            "una pasada sin avance: {p:?}"
        );
        entregadas += p.entregadas;
    }
    Ok(total as f64 / t.elapsed().as_secs_f64())
}

async fn medir(url: &str, motor: &str) -> anyhow::Result<()> {
    // 20 endpoints at satelite, the queue filled with the sender off, then emptied.
    let (demo, mesero, sistemas) = preparar(url, false, "satelite").await?;
    let mut receptores = Vec::new();
    for _ in 0..ENDPOINTS {
        let (url, rx) = receptor().await?;
        destino(&demo, &sistemas, &url, "satelite").await?;
        receptores.push(rx);
    }
    for i in 0..SAVES_CARGA {
        guardar(&demo, "satelite", &mesero, i).await?;
    }
    let total = SAVES_CARGA * ENDPOINTS;
    let tasa = vaciar(&demo, total).await?;
    for rx in &mut receptores {
        for _ in 0..SAVES_CARGA {
            rx.recv().await;
        }
    }
    println!(
        "{motor}: {total} entregas a {ENDPOINTS} destinos: {tasa:.0} entregas/s por instancia"
    );

    // One endpoint alone at polanco: its deliveries leave one at a time, in order.
    let (solo, _llegadas) = receptor().await?;
    comun::poner_mesas(&demo, "polanco", &json!([])).await?;
    let meseros: Value = demo
        .cliente
        .get(format!("{}/api/v1/admin/meseros?tag=polanco", demo.base))
        .bearer_auth(&demo.token)
        .send()
        .await?
        .json()
        .await?;
    let mesero_polanco = meseros["data"][0]["_id"].as_str().unwrap().to_owned();
    destino(&demo, &sistemas, &solo, "polanco").await?;
    for i in 0..SAVES_SOLO {
        guardar(&demo, "polanco", &mesero_polanco, 1000 + i).await?;
    }
    let tasa = vaciar(&demo, SAVES_SOLO).await?;
    println!("{motor}: {SAVES_SOLO} entregas a un solo destino, en orden: {tasa:.0} entregas/s");

    // Save to delivery: the jobs loop sends, woken by the change's announcement.
    let (demo, mesero, sistemas) = preparar(url, true, "polanco").await?;
    let (url_receptor, mut llegadas) = receptor().await?;
    destino(&demo, &sistemas, &url_receptor, "polanco").await?;
    for i in 0..10 {
        guardar(&demo, "polanco", &mesero, i).await?;
        llegadas.recv().await;
    }
    let mut tiempos = Vec::with_capacity(SAVES);
    for i in 0..SAVES {
        let t = Instant::now();
        guardar(&demo, "polanco", &mesero, 100 + i).await?;
        let llegada = tokio::time::timeout(Duration::from_secs(10), llegadas.recv())
            .await?
            .ok_or_else(|| anyhow::anyhow!("el receptor se cerró"))?;
        tiempos.push(llegada - t);
    }
    println!(
        "{motor}: del guardado del walk-in a su entrega ({SAVES} walk-ins): mediana {:.2} ms, p99 {:.2} ms",
        percentil(tiempos.clone(), 0.5),
        percentil(tiempos, 0.99)
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    comun::en_ambos_motores(|motor, url| async move { medir(&url, motor).await }).await
}
