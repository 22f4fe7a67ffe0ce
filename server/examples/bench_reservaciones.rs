//! The reservation list at scale: N reservations in one branch (10 000, 100 000, 1 000 000), on
//! SQLite and on PostgreSQL; median and p99 of a list page, a search and a detail, through the
//! same storage calls the endpoints make.
//!
//! Usage: `cargo run --release -p anfitrion-server --example bench_reservaciones -- [N …]`.
//! PostgreSQL: `ANFITRION_TEST_PG` (an administrative URL; a database is created and dropped).

use std::time::Instant;

use anfitrion_core::reservacion::VistaReservaciones;
use anfitrion_server::db::reservaciones::{ConsultaReservaciones, VeContacto};
use anfitrion_server::db::{conectar, Alcance, Store};
use chrono::NaiveDate;
use sqlx::Connection;

mod comun;
use comun::medir;

const REPETICIONES: usize = 200;

/// One branch and `n` reservations spread over two years, written in one statement.
async fn sembrar(url: &str, n: u64) -> anyhow::Result<()> {
    let sucursal = comun::sucursal_bench(url).await?;
    // The branch's settings are core's defaults.
    let conf = anfitrion_core::walkin::ConfWalkin::default();
    let f = anfitrion_core::tiempo::formato_hora;
    let h = (
        f(conf.horario.inicio_regular),
        f(conf.horario.inicio_promo),
        f(conf.horario.corte_tarde),
        conf.gracia_min as i32,
    );
    let cols = "id, sucursal_id, name, email, phone, fecha_hora, no_personas, evento, comentarios, status, origin, \
                email_verified, phone_verified, created_at, updated_at";
    if url.starts_with("sqlite:") {
        let mut c = sqlx::SqliteConnection::connect(url).await?;
        sqlx::query("INSERT INTO conf_walkin (sucursal_id, inicio_regular, inicio_promo, corte_tarde, gracia_min, updated_at) VALUES ($1, $2, $3, $4, $5, '2026-01-01T00:00:00Z')")
            .bind(&sucursal).bind(&h.0).bind(&h.1).bind(&h.2).bind(h.3).execute(&mut c).await?;
        sqlx::query(&format!(
            "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $2) \
             INSERT INTO reservaciones ({cols}) SELECT printf('%024x', i), $1, 'Cliente ' || i, 'cliente' || i || '@correo.mx', \
             '5255' || printf('%08d', i), datetime('2025-06-01', '+' || (i * 37 % 1051200) || ' minutes'), 1 + i % 8, 'Ninguno', '', \
             CASE i % 4 WHEN 0 THEN 'Pendiente' WHEN 1 THEN 'Asistio' WHEN 2 THEN 'Vencido' ELSE 'Cancelada' END, 'Widget', \
             0, 0, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' FROM k"
        ))
        .bind(&sucursal).bind(n as i64).execute(&mut c).await?;
        sqlx::query("ANALYZE").execute(&mut c).await?;
    } else {
        let mut c = sqlx::PgConnection::connect(url).await?;
        sqlx::query("INSERT INTO conf_walkin (sucursal_id, inicio_regular, inicio_promo, corte_tarde, gracia_min, updated_at) VALUES ($1, $2, $3, $4, $5, now())")
            .bind(&sucursal).bind(&h.0).bind(&h.1).bind(&h.2).bind(h.3).execute(&mut c).await?;
        // A load this size goes faster with the per-row triggers off and the trigram indexes
        // built once at the end; the counts are then taken in one pass.
        sqlx::query("ALTER TABLE reservaciones DISABLE TRIGGER USER")
            .execute(&mut c)
            .await?;
        let indices = comun::quitar_indices_busqueda(&mut c, "reservaciones").await?;
        sqlx::query(&format!(
            "INSERT INTO reservaciones ({cols}) SELECT lpad(to_hex(i), 24, '0'), $1, 'Cliente ' || i, 'cliente' || i || '@correo.mx', \
             '5255' || lpad(i::text, 8, '0'), timestamp '2025-06-01' + (i * 37 % 1051200) * interval '1 minute', 1 + i % 8, 'Ninguno', '', \
             CASE i % 4 WHEN 0 THEN 'Pendiente' WHEN 1 THEN 'Asistio' WHEN 2 THEN 'Vencido' ELSE 'Cancelada' END, 'Widget', \
             false, false, now(), now() FROM generate_series(1, $2::bigint) AS i"
        ))
        .bind(&sucursal).bind(n as i64).execute(&mut c).await?;
        sqlx::query("ALTER TABLE reservaciones ENABLE TRIGGER USER")
            .execute(&mut c)
            .await?;
        sqlx::query("INSERT INTO reservaciones_conteo (sucursal_id, status, n) SELECT sucursal_id, status, COUNT(*) FROM reservaciones GROUP BY 1, 2")
            .execute(&mut c).await?;
        // The dashboard's sums, as migration 0016 takes them from the rows already there.
        sqlx::query("INSERT INTO tablero_reservas (sucursal_id, dia, hora, estado, origen, visitas, personas)                      SELECT sucursal_id, fecha_hora::date, EXTRACT(HOUR FROM fecha_hora)::smallint, status, origin, COUNT(*), SUM(no_personas)                      FROM reservaciones GROUP BY 1, 2, 3, 4, 5")
            .execute(&mut c).await?;
        comun::crear_indices(&mut c, &indices).await?;
        // As autovacuum leaves a table that has settled: statistics, and the visibility map that
        // lets a count read an index alone.
        sqlx::query("VACUUM ANALYZE").execute(&mut c).await?;
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
    let ahora = NaiveDate::from_ymd_opt(2026, 6, 1)
        .unwrap()
        .and_hms_opt(12, 0, 0)
        .unwrap();
    let s = store.clone();
    let pagina = medir(REPETICIONES, |i| {
        let s = s.clone();
        let vistas = [
            VistaReservaciones::Todas,
            VistaReservaciones::Pendientes,
            VistaReservaciones::Asistio,
            VistaReservaciones::Canceladas,
        ];
        async move {
            let c = consulta(vistas[i % vistas.len()], ahora, None, 1 + (i % 3) as u32);
            s.reservaciones_en(&alcance_bench(), &c, ve).await.unwrap();
        }
    })
    .await;
    let s2 = store.clone();
    let busqueda = medir(REPETICIONES, |i| {
        let s = s2.clone();
        async move {
            let q = format!("cliente{}@", 1 + (i as u64 * 7919) % n);
            let c = consulta(VistaReservaciones::Todas, ahora, Some(q.as_str()), 1);
            let (items, _) = s.reservaciones_en(&alcance_bench(), &c, ve).await.unwrap();
            assert!(!items.is_empty());
        }
    })
    .await;
    let s3 = store.clone();
    let detalle = medir(REPETICIONES, |i| {
        let s = s3.clone();
        async move {
            let id = format!("{:024x}", 1 + (i as u64 * 104_729) % n);
            s.reservacion_en(&alcance_bench(), &id, ve).await.unwrap();
        }
    })
    .await;
    // The dashboard: the day and 30 days, read and counted as the endpoints do.
    let s4 = store.clone();
    let sucursal = match s4.sucursal_id_en(&alcance_bench(), tag_bench()).await? {
        anfitrion_server::db::EnAlcance::Si(id) => id,
        _ => anyhow::bail!("sin sucursal"),
    };
    let dia = ahora.date();
    let tablero = medir(REPETICIONES, |i| {
        let (s, sucursal) = (s4.clone(), sucursal.clone());
        async move {
            let d = dia - chrono::Days::new((i % 7) as u64);
            let (r, w) = s
                .visitas_entre(&sucursal, d, d.succ_opt().unwrap())
                .await
                .unwrap();
            anfitrion_core::tablero::resumen_dia(
                d,
                anfitrion_core::tiempo::FIN_DIA_POR_DEFECTO,
                &r,
                &w,
            );
        }
    })
    .await;
    let s5 = store.clone();
    let sucursal2 = sucursal.clone();
    let serie = medir(REPETICIONES, |_| {
        let (s, sucursal) = (s5.clone(), sucursal2.clone());
        async move {
            let desde = dia - chrono::Days::new(29);
            let (r, w) = s
                .visitas_entre(&sucursal, desde, dia.succ_opt().unwrap())
                .await
                .unwrap();
            anfitrion_core::tablero::serie(
                dia,
                30,
                anfitrion_core::tiempo::FIN_DIA_POR_DEFECTO,
                &r,
                &w,
            );
        }
    })
    .await;
    // The 30 days' storage read alone, and each tab's page alone (the page figure above mixes
    // the four tabs), to tell where a p99 comes from.
    let s6 = store.clone();
    let lectura = medir(REPETICIONES, |_| {
        let (s, sucursal) = (s6.clone(), sucursal.clone());
        async move {
            let desde = dia - chrono::Days::new(29);
            s.visitas_entre(&sucursal, desde, dia.succ_opt().unwrap())
                .await
                .unwrap();
        }
    })
    .await;
    println!(
        "{motor:<10} {n:>9}  tablero: día {:>6.2} / {:>6.2} ms   30 días {:>7.2} / {:>7.2} ms (lectura {:>6.2} / {:>6.2} ms)",
        tablero.0, tablero.1, serie.0, serie.1, lectura.0, lectura.1
    );
    let mut por_pestana = String::new();
    for vista in [
        VistaReservaciones::Todas,
        VistaReservaciones::Pendientes,
        VistaReservaciones::Asistio,
        VistaReservaciones::Canceladas,
    ] {
        let s = store.clone();
        let (m, p99) = medir(REPETICIONES / 2, |i| {
            let s = s.clone();
            async move {
                let c = consulta(vista, ahora, None, 1 + (i % 3) as u32);
                s.reservaciones_en(&alcance_bench(), &c, ve).await.unwrap();
            }
        })
        .await;
        por_pestana.push_str(&format!("   {} {m:>5.2} / {p99:>6.2}", vista.slug()));
    }
    println!("{motor:<10} {n:>9}  página por pestaña (ms):{por_pestana}");
    println!(
        "{motor:<10} {n:>9}  carga {:>6.1} s   página {:>6.2} / {:>6.2} ms   búsqueda {:>7.2} / {:>7.2} ms   detalle {:>5.2} / {:>5.2} ms",
        carga.as_secs_f64(), pagina.0, pagina.1, busqueda.0, busqueda.1, detalle.0, detalle.1
    );
    Ok(())
}

fn consulta(
    vista: VistaReservaciones,
    ahora_local: chrono::NaiveDateTime,
    q: Option<&str>,
    page: u32,
) -> ConsultaReservaciones<'_> {
    ConsultaReservaciones {
        tag: tag_bench(),
        vista,
        ahora_local,
        dia: anfitrion_core::tiempo::ReglasHorario::default().ventana_dia(
            anfitrion_core::tiempo::ReglasHorario::default().dia_de_servicio(ahora_local),
        ),
        q,
        page,
        limit: 50,
    }
}

fn alcance_bench() -> Alcance {
    Alcance::de_tags(&["bench".to_owned()])
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let escalas: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let escalas = if escalas.is_empty() {
        vec![10_000, 100_000, 1_000_000]
    } else {
        escalas
    };
    println!("Lista de reservaciones: mediana / p99 de {REPETICIONES} llamadas (página de 50, búsqueda por correo, detalle)");
    for &n in &escalas {
        comun::en_ambos_motores(|motor, url| async move { una_escala(motor, &url, n).await })
            .await?;
    }
    Ok(())
}

/// The bench branch's tag, as storage takes one.
fn tag_bench() -> &'static anfitrion_core::sucursal::Tag {
    static TAG: std::sync::LazyLock<anfitrion_core::sucursal::Tag> =
        std::sync::LazyLock::new(|| {
            anfitrion_core::sucursal::Tag::parse("bench").expect("una etiqueta válida")
        });
    &TAG
}
