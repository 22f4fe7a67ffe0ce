//! Kitchen printing: from a walk-in's save (the API call) to the last byte of its comanda at the
//! printer, median and p99, with the jobs loop woken by the save; and jobs per second through one
//! instance sending to 20 printers at once (the queue filled first, then emptied by passes of
//! the sender). The printers are fake ESC/POS printers on this machine that answer the paper
//! status at once. On SQLite and on PostgreSQL.
//!
//! Usage: `cargo run --release -p anfitrion-server --example bench_impresion`.
//! PostgreSQL: `ANFITRION_TEST_PG` (an administrative URL; a database is created and dropped).

use std::time::{Duration, Instant};

use anfitrion_server::impresion::{imprimir_pendientes, ConfImpresion};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

mod comun;
use comun::percentil;

const SAVES: usize = 200;
const IMPRESORAS: usize = 20;
const SAVES_CARGA: usize = 100;

/// A fake printer: answers the paper status, reads the ticket to its end, and sends the instant
/// its last byte arrived.
async fn impresora() -> anyhow::Result<(String, mpsc::UnboundedReceiver<Instant>)> {
    let oyente = TcpListener::bind("127.0.0.1:0").await?;
    let addr = oyente.local_addr()?.to_string();
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((mut con, _)) = oyente.accept().await {
            let tx = tx.clone();
            tokio::spawn(async move {
                let mut buf = [0u8; 8192];
                let mut respondio = false;
                loop {
                    match con.read(&mut buf).await {
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            if !respondio && n >= 3 && buf[..3] == [0x10, 0x04, 0x04] {
                                respondio = true;
                                let _ = con.write_all(&[0x12]).await;
                            }
                        }
                    }
                }
                let _ = tx.send(Instant::now());
            });
        }
    });
    Ok((addr, rx))
}

fn walkin(tag: &str, mesero: &str, i: usize) -> Value {
    json!({
        "tag_sucursal": tag, "name": "Peña Núñez", "evento": "Cumpleaños",
        "comanda": { "mesa": format!("Barra {i}"), "mesero_id": mesero, "no_personas": 2, "buffet_adulto": 2, "buffet_boy": 0,
                     "buffet_promo_adulto": 2, "buffet_promo_girl": 0, "buffet_promo_boy": 0, "isAfter7pm": false },
        "abre": { "promo": [] }
    })
}

/// The demo with the branch `tag`'s tables removed (walk-ins take any table name), its first
/// waiter, and its id. Each part of the run has a branch of its own: the instance started for the
/// other part still runs on the same database.
async fn preparar(
    url: &str,
    activa: bool,
    tag: &str,
) -> anyhow::Result<(comun::Demo, String, String)> {
    let demo = comun::demo(url, |c| {
        // The fake printers listen on this machine, which only a test's configuration allows.
        c.impresion = ConfImpresion {
            activa,
            red: anfitrion_core::impresora::RedImpresoras {
                loopback: true,
                ..Default::default()
            },
            ..ConfImpresion::default()
        };
    })
    .await?;
    comun::poner_mesas(&demo, tag, &json!([])).await?;
    let g = |ruta: String| {
        let (c, t) = (demo.cliente.clone(), demo.token.clone());
        async move {
            anyhow::Ok(
                c.get(ruta)
                    .bearer_auth(t)
                    .send()
                    .await?
                    .json::<Value>()
                    .await?,
            )
        }
    };
    let meseros = g(format!("{}/api/v1/admin/meseros?tag={tag}", demo.base)).await?;
    let mesero = meseros["data"][0]["_id"].as_str().unwrap().to_owned();
    let sucursales = g(format!("{}/api/v1/admin/sucursal/sucuser/suc", demo.base)).await?;
    let id = sucursales["data"]
        .as_array()
        .and_then(|l| l.iter().find(|s| s["tag"] == tag))
        .and_then(|s| s["_id"].as_str())
        .unwrap()
        .to_owned();
    Ok((demo, mesero, id))
}

async fn agregar(d: &comun::Demo, sucursal: &str, n: usize, direccion: &str) -> anyhow::Result<()> {
    let r = d
        .cliente
        .post(format!(
            "{}/api/v1/admin/sucursal/{sucursal}/impresoras",
            d.base
        ))
        .bearer_auth(&d.token)
        .json(
            &json!({ "name": format!("Cocina {n}"), "direccion": direccion, "imprime": "comanda" }),
        )
        .send()
        .await?;
    anyhow::ensure!(r.status().is_success(), "impresora: {}", r.text().await?);
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

async fn medir(url: &str, motor: &str) -> anyhow::Result<()> {
    // Jobs per second: 20 printers at satelite, the queue filled with the sender off, then
    // emptied by passes of one instance's sender.
    let (demo, mesero, sucursal) = preparar(url, false, "satelite").await?;
    let mut receptores = Vec::new();
    for n in 0..IMPRESORAS {
        let (addr, rx) = impresora().await?;
        agregar(&demo, &sucursal, n, &addr).await?;
        receptores.push(rx);
    }
    for i in 0..SAVES_CARGA {
        guardar(&demo, "satelite", &mesero, i).await?;
    }
    let total = SAVES_CARGA * IMPRESORAS;
    let conf = ConfImpresion {
        activa: false,
        ..ConfImpresion::default()
    };
    let reloj = anfitrion_server::reloj::Reloj::sistema();
    let t = Instant::now();
    let mut impresos = 0;
    while impresos < total {
        let p = imprimir_pendientes(demo.app.store.as_ref(), None, &conf, reloj.ahora()).await?;
        anyhow::ensure!(
            p.fallidos == 0 && p.impresos > 0,
            "una pasada sin avance: {p:?}"
        );
        impresos += p.impresos;
    }
    let segundos = t.elapsed().as_secs_f64();
    for rx in &mut receptores {
        for _ in 0..SAVES_CARGA {
            rx.recv().await;
        }
    }
    println!(
        "{motor}: {total} tickets a {IMPRESORAS} impresoras en {segundos:.2} s: {:.0} tickets/s por instancia",
        total as f64 / segundos
    );

    // Save to the last byte at polanco: the jobs loop sends, woken by each save.
    let (demo, mesero, sucursal) = preparar(url, true, "polanco").await?;
    let (addr, mut llegadas) = impresora().await?;
    agregar(&demo, &sucursal, 1, &addr).await?;
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
            .ok_or_else(|| anyhow::anyhow!("la impresora se cerró"))?;
        tiempos.push(llegada - t);
    }
    println!(
        "{motor}: del guardado al último byte en la impresora ({SAVES} walk-ins): mediana {:.2} ms, p99 {:.2} ms",
        percentil(tiempos.clone(), 0.5),
        percentil(tiempos, 0.99)
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    comun::en_ambos_motores(|motor, url| async move { medir(&url, motor).await }).await
}
