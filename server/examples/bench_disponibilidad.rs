//! `disponibilidad` for a branch with 40 tables and 2 000 reservations in its booking horizon, on
//! SQLite and on PostgreSQL: the median and p99 of the public call (branch, reservations of the
//! date's window, core's rule) and of core's rule alone over the same data.
//!
//! Usage: `cargo run --release -p anfitrion-server --example bench_disponibilidad`.
//! PostgreSQL: `ANFITRION_TEST_PG` (an administrative URL; a database is created and dropped).

use std::time::Instant;

use anfitrion_core::comanda::Personas;
use anfitrion_core::estado::Origen;
use anfitrion_core::personal::Evento;
use anfitrion_server::db::nuevo_id;
use anfitrion_server::db::reservaciones::NuevaReservacion;
use chrono::{Duration as Dias, NaiveTime};
use serde_json::{json, Value};

mod comun;
use comun::percentil;

const MESAS: u32 = 40;
const RESERVAS: usize = 2_000;
const CONSULTAS: usize = 1_000;

async fn medir(url: &str, motor: &str) -> anyhow::Result<()> {
    let comun::Demo {
        app,
        base,
        cliente,
        token,
    } = comun::demo(url, |config| config.consultas_por_hora = usize::MAX).await?;
    let sucursal: Value = cliente
        .get(format!("{base}/api/v1/admin/sucursal?tag=polanco"))
        .bearer_auth(&token)
        .send()
        .await?
        .json()
        .await?;
    let id = sucursal["data"][0]["_id"].as_str().unwrap().to_owned();
    // 40 tables: twos, fours that may be joined, sixes and a few large ones.
    let mesas: Vec<Value> = (1..=MESAS)
        .map(|n| json!({ "numero": n, "asientos": match n { 1..=10 => 2, 11..=30 => 4, 31..=36 => 6, _ => 10 }, "combinable": (11..=30).contains(&n) }))
        .collect();
    let r = cliente
        .put(format!("{base}/api/v1/admin/sucursal/{id}/mesas"))
        .bearer_auth(&token)
        .json(&mesas)
        .send()
        .await?;
    assert_eq!(r.status(), 200);

    let suc = app
        .store
        .sucursal_reservable("polanco")
        .await?
        .expect("polanco");
    let hoy = suc
        .salon()
        .fecha_min(anfitrion_server::reloj::Reloj::sistema().ahora());
    let dias = suc.conf.horizonte_dias as usize;
    for i in 0..RESERVAS {
        let fecha = hoy + Dias::days(1 + (i % dias) as i64);
        let hora = NaiveTime::from_hms_opt(13, 0, 0).unwrap()
            + Dias::minutes(15 * ((i / dias) % 33) as i64);
        let r = NuevaReservacion {
            id: nuevo_id(),
            sucursal_id: id.clone(),
            cliente_id: None,
            afiliado_id: None,
            name: format!("Invitado {i}"),
            email: None,
            phone: Some("525511112222".to_owned()),
            fecha_hora: fecha.and_time(hora),
            no_personas: Personas::parse(Some(2 + (i % 5) as u32))?,
            evento: Evento::Ninguno,
            comentarios: String::new(),
            origin: Origen::Widget,
            email_verified: false,
            phone_verified: false,
            origin_declarado: false,
            autor: None,
            creada: anfitrion_server::reloj::Reloj::sistema().ahora(),
        };
        app.store.crear_reservacion(&r, None).await?;
    }

    let mut http = Vec::with_capacity(CONSULTAS);
    let mut nucleo = Vec::with_capacity(CONSULTAS);
    let mut horarios = 0usize;
    for i in 0..CONSULTAS {
        let fecha = hoy + Dias::days(1 + (i % dias) as i64);
        let personas = 2 + (i % 7) as u32;
        let t = Instant::now();
        let r = cliente.get(format!("{base}/api/v1/public/sucursal/polanco/disponibilidad?fecha={fecha}&personas={personas}")).send().await?;
        assert_eq!(r.status(), 200);
        let v: Value = r.json().await?;
        http.push(t.elapsed());
        horarios += v["data"]["horarios"].as_array().map_or(0, Vec::len);

        let (desde, hasta) = anfitrion_core::disponibilidad::ventana_tomadas(fecha);
        let tomadas = app.store.reservas_tomadas(&id, desde, hasta).await?;
        let t = Instant::now();
        let d = suc.salon().disponibilidad(
            fecha,
            personas,
            &tomadas,
            anfitrion_server::reloj::Reloj::sistema().ahora(),
        )?;
        nucleo.push(t.elapsed());
        std::hint::black_box(d);
    }
    println!(
        "{motor:<10} API: mediana {:>6.2} ms   p99 {:>6.2} ms   |   núcleo: mediana {:>6.3} ms   p99 {:>6.3} ms   ({:.1} horarios por consulta)",
        percentil(http.clone(), 0.5),
        percentil(http, 0.99),
        percentil(nucleo.clone(), 0.5),
        percentil(nucleo, 0.99),
        horarios as f64 / CONSULTAS as f64
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    println!("Disponibilidad: {MESAS} mesas, {RESERVAS} reservaciones en el horizonte, {CONSULTAS} consultas");
    comun::en_ambos_motores(|motor, url| async move { medir(&url, motor).await }).await
}
