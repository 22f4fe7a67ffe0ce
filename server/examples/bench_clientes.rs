//! The client list at scale: N guests (200 000 by default) with a visit each in one branch, a
//! quarter of them with a second one, on SQLite and on PostgreSQL; median and p99 of a list
//! page, a search by name, by e-mail and by phone, and a client's page, through the same storage
//! calls the endpoints make.
//!
//! Usage: `cargo run --release -p anfitrion-server --example bench_clientes -- [N …]`.
//! PostgreSQL: `ANFITRION_TEST_PG` (an administrative URL; a database is created and dropped).

use std::time::Instant;

use anfitrion_server::db::reservaciones::VeContacto;
use anfitrion_server::db::{conectar, Alcance, EnAlcance, Store};
use sqlx::Connection;

mod comun;
use comun::medir;

const REPETICIONES: usize = 200;

/// One branch, `n` guests (e-mail and ten-digit phone as the guest book stores them) and their
/// reservations: one each, and a second for every fourth guest.
async fn sembrar(url: &str, n: u64) -> anyhow::Result<()> {
    let sucursal = comun::sucursal_bench(url).await?;
    let cols = "id, sucursal_id, cliente_id, name, email, phone, fecha_hora, no_personas, evento, comentarios, status, origin, \
                email_verified, phone_verified, created_at, updated_at";
    if url.starts_with("sqlite:") {
        let mut c = sqlx::SqliteConnection::connect(url).await?;
        sqlx::query(
            "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $1) \
             INSERT INTO clientes (id, name, email, phone, notas, created_at, updated_at) SELECT printf('%024x', i), 'Cliente ' || i, \
             'cliente' || i || '@correo.mx', '55' || printf('%08d', i), '', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' FROM k",
        )
        .bind(n as i64)
        .execute(&mut c)
        .await?;
        // Each insert runs the triggers that keep the per-branch visit table, as a save does.
        for (desde, cuantos, paso) in [(0i64, n as i64, 1i64), (n as i64, n as i64 / 4, 4)] {
            sqlx::query(&format!(
                "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $2) \
                 INSERT INTO reservaciones ({cols}) SELECT printf('%024x', $3 + i), $1, printf('%024x', i * $4), 'Cliente ' || (i * $4), \
                 'cliente' || (i * $4) || '@correo.mx', '5255' || printf('%08d', i * $4), \
                 datetime('2025-06-01', '+' || ((i * $4 + $3) * 37 % 1051200) || ' minutes'), 1 + i % 8, 'Ninguno', '', \
                 CASE i % 4 WHEN 0 THEN 'Pendiente' WHEN 1 THEN 'Asistio' WHEN 2 THEN 'Vencido' ELSE 'Cancelada' END, 'Widget', \
                 0, 0, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' FROM k"
            ))
            .bind(&sucursal)
            .bind(cuantos)
            .bind(desde)
            .bind(paso)
            .execute(&mut c)
            .await?;
        }
        sqlx::query("ANALYZE").execute(&mut c).await?;
    } else {
        let mut c = sqlx::PgConnection::connect(url).await?;
        // A load this size goes faster with the per-row triggers off and the trigram indexes
        // built once at the end; the visit table and the counts are then filled in one pass.
        sqlx::query("ALTER TABLE reservaciones DISABLE TRIGGER USER")
            .execute(&mut c)
            .await?;
        sqlx::query("ALTER TABLE clientes_sucursal DISABLE TRIGGER USER")
            .execute(&mut c)
            .await?;
        let indices = comun::quitar_indices_busqueda(&mut c, "clientes").await?;
        sqlx::query(
            "INSERT INTO clientes (id, name, email, phone, notas, created_at, updated_at) SELECT lpad(to_hex(i), 24, '0'), 'Cliente ' || i, \
             'cliente' || i || '@correo.mx', '55' || lpad(i::text, 8, '0'), '', now(), now() FROM generate_series(1, $1::bigint) AS i",
        )
        .bind(n as i64)
        .execute(&mut c)
        .await?;
        for (desde, cuantos, paso) in [(0i64, n as i64, 1i64), (n as i64, n as i64 / 4, 4)] {
            sqlx::query(&format!(
                "INSERT INTO reservaciones ({cols}) SELECT lpad(to_hex($3 + i), 24, '0'), $1, lpad(to_hex(i * $4), 24, '0'), 'Cliente ' || (i * $4), \
                 'cliente' || (i * $4) || '@correo.mx', '5255' || lpad((i * $4)::text, 8, '0'), \
                 timestamp '2025-06-01' + ((i * $4 + $3) * 37 % 1051200) * interval '1 minute', 1 + i % 8, 'Ninguno', '', \
                 CASE i % 4 WHEN 0 THEN 'Pendiente' WHEN 1 THEN 'Asistio' WHEN 2 THEN 'Vencido' ELSE 'Cancelada' END, 'Widget', \
                 false, false, now(), now() FROM generate_series(1, $2::bigint) AS i"
            ))
            .bind(&sucursal)
            .bind(cuantos)
            .bind(desde)
            .bind(paso)
            .execute(&mut c)
            .await?;
        }
        sqlx::query("ALTER TABLE reservaciones ENABLE TRIGGER USER")
            .execute(&mut c)
            .await?;
        sqlx::query("INSERT INTO reservaciones_conteo (sucursal_id, status, n) SELECT sucursal_id, status, COUNT(*) FROM reservaciones GROUP BY 1, 2")
            .execute(&mut c)
            .await?;
        sqlx::query(
            "INSERT INTO clientes_sucursal (cliente_id, sucursal_id, visitas, no_shows, ultima_actividad, ultima_visita) \
             SELECT cliente_id, sucursal_id, SUM(vino), SUM(no_show), MAX(fecha_hora), MAX(CASE WHEN vino = 1 THEN fecha_hora END) \
             FROM clientes_visitas GROUP BY 1, 2",
        )
        .execute(&mut c)
        .await?;
        sqlx::query("ALTER TABLE clientes_sucursal ENABLE TRIGGER USER")
            .execute(&mut c)
            .await?;
        sqlx::query("INSERT INTO clientes_conteo (sucursal_id, n) SELECT sucursal_id, COUNT(*) FROM clientes_sucursal GROUP BY 1")
            .execute(&mut c)
            .await?;
        comun::crear_indices(&mut c, &indices).await?;
        sqlx::query("ANALYZE").execute(&mut c).await?;
    }
    Ok(())
}

async fn una_escala(motor: &str, url: &str, n: u64) -> anyhow::Result<()> {
    let store: std::sync::Arc<dyn Store> =
        conectar(url, 4, anfitrion_server::reloj::Reloj::sistema()).await?;
    let t = Instant::now();
    sembrar(url, n).await?;
    let carga = t.elapsed();
    let ve = VeContacto::todo();
    let alcance = Alcance::de_tags(&["bench".to_owned()]);
    let sucursal = match store.sucursal_id_en(&alcance, &tag_bench()).await? {
        EnAlcance::Si(id) => id,
        _ => anyhow::bail!("sin sucursal"),
    };
    let (s, suc) = (store.clone(), sucursal.clone());
    let total = s.clientes_de(&suc, None, 1, 1, ve).await?.1;
    anyhow::ensure!(total == n as i64, "la lista tiene {total} clientes, no {n}");
    let pagina = medir(REPETICIONES, |i| {
        let (s, suc) = (s.clone(), suc.clone());
        async move {
            let (items, _) = s
                .clientes_de(&suc, None, 1 + (i % 3) as u32, 50, ve)
                .await
                .unwrap();
            assert_eq!(items.len(), 50);
        }
    })
    .await;
    // A guest's number, spread over the whole range.
    let k = move |i: usize| 1 + (i as u64 * 7919) % n;
    let buscar = |texto: fn(u64) -> String| {
        let (s, suc) = (s.clone(), suc.clone());
        medir(REPETICIONES, move |i| {
            let (s, suc) = (s.clone(), suc.clone());
            let q = texto(k(i));
            async move {
                let (items, _) = s.clientes_de(&suc, Some(&q), 1, 50, ve).await.unwrap();
                assert!(!items.is_empty(), "{q}");
            }
        })
    };
    let nombre = buscar(|k| format!("Cliente {k}")).await;
    let correo = buscar(|k| format!("cliente{k}@")).await;
    let telefono = buscar(|k| format!("55 {:04} {:04}", k / 10_000, k % 10_000)).await;
    let detalle = medir(REPETICIONES, |i| {
        let s = s.clone();
        let alcance = alcance.clone();
        async move {
            let id = format!("{:024x}", k(i));
            assert!(s.cliente_en(&alcance, &id, ve).await.unwrap().is_some());
        }
    })
    .await;
    println!(
        "{motor:<10} {n:>7}  carga {:>5.1} s   página {:>6.2} / {:>6.2} ms   nombre {:>6.2} / {:>6.2} ms   correo {:>6.2} / {:>6.2} ms   \
         teléfono {:>6.2} / {:>6.2} ms   detalle {:>5.2} / {:>5.2} ms",
        carga.as_secs_f64(),
        pagina.0,
        pagina.1,
        nombre.0,
        nombre.1,
        correo.0,
        correo.1,
        telefono.0,
        telefono.1,
        detalle.0,
        detalle.1
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let escalas: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let escalas = if escalas.is_empty() {
        vec![200_000]
    } else {
        escalas
    };
    println!("Lista de clientes: mediana / p99 de {REPETICIONES} llamadas (página de 50; búsqueda por nombre, correo y teléfono; detalle)");
    for &n in &escalas {
        comun::en_ambos_motores(|motor, url| async move { una_escala(motor, &url, n).await })
            .await?;
    }
    Ok(())
}

fn tag_bench() -> anfitrion_core::sucursal::Tag {
    anfitrion_core::sucursal::Tag::parse("bench").expect("una etiqueta válida")
}
