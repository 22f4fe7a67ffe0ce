//! What the benchmark examples share: the percentile of a run of timings, the timed loop, the
//! demo server they drive through the API, the branch they seed, and the run on a fresh SQLite
//! file and on a fresh PostgreSQL database.
// Each example is its own crate and uses only part of this module.
#![allow(dead_code)]

use std::future::Future;
use std::time::{Duration, Instant};

use anfitrion_server::config::Config;
use anfitrion_server::db::nuevo_id;
use anfitrion_server::App;
use serde_json::{json, Value};
use sqlx::Connection;

/// The `p` quantile (0.5 median, 0.99 p99) of `xs`, in milliseconds.
pub fn percentil(mut xs: Vec<Duration>, p: f64) -> f64 {
    xs.sort();
    let i = ((xs.len() as f64 - 1.0) * p).round() as usize;
    xs[i].as_secs_f64() * 1000.0
}

/// Median and p99, in milliseconds, of `repeticiones` calls of `f` after ten unmeasured ones.
pub async fn medir<F, Fut>(repeticiones: usize, mut f: F) -> (f64, f64)
where
    F: FnMut(usize) -> Fut,
    Fut: Future<Output = ()>,
{
    for i in 0..10 {
        f(i).await;
    }
    let mut tiempos = Vec::with_capacity(repeticiones);
    for i in 0..repeticiones {
        let t = Instant::now();
        f(i).await;
        tiempos.push(t.elapsed());
    }
    (percentil(tiempos.clone(), 0.5), percentil(tiempos, 0.99))
}

/// Runs `una` on a new SQLite file, then on a new PostgreSQL database (`ANFITRION_TEST_PG`, an
/// administrative URL), each removed afterwards; `una` gets the engine's name and the URL.
pub async fn en_ambos_motores<F, Fut>(mut una: F) -> anyhow::Result<()>
where
    F: FnMut(&'static str, String) -> Fut,
    Fut: Future<Output = anyhow::Result<()>>,
{
    let dir = std::env::temp_dir().join(format!("anfitrion-bench-{}", nuevo_id()));
    std::fs::create_dir_all(&dir)?;
    una(
        "SQLite",
        format!("sqlite://{}", dir.join("bench.db").display()),
    )
    .await?;
    std::fs::remove_dir_all(&dir)?;

    let admin = std::env::var("ANFITRION_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());
    let nombre = format!("anfitrion_bench_{}", nuevo_id());
    let mut c = sqlx::PgConnection::connect(&admin).await?;
    sqlx::query(&format!("CREATE DATABASE \"{nombre}\""))
        .execute(&mut c)
        .await?;
    let url = format!(
        "{}/{nombre}",
        admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin)
    );
    let r = una("PostgreSQL", url).await;
    sqlx::query(&format!(
        "DROP DATABASE IF EXISTS \"{nombre}\" WITH (FORCE)"
    ))
    .execute(&mut c)
    .await?;
    r
}

/// A demo server on `url` (its catalogue, users and branches) and the manager's session in it.
pub struct Demo {
    pub app: App,
    pub base: String,
    pub cliente: reqwest::Client,
    pub token: String,
}

/// Starts the demo server on `url` (`ajustar` changes its settings first) and signs in as the
/// demo's manager.
pub async fn demo(url: &str, ajustar: impl FnOnce(&mut Config)) -> anyhow::Result<Demo> {
    let mut config = Config::new("127.0.0.1:0".parse()?, url);
    config.demo = true;
    ajustar(&mut config);
    let app = anfitrion_server::launch(config).await?;
    let base = format!("http://{}", app.addr);
    let cliente = reqwest::Client::new();
    let respuesta = cliente
        .post(format!("{base}/api/v1/auth/login"))
        .json(&json!({ "email": "gerente@demo.mx", "password": "demo1234" }))
        .send()
        .await?;
    let texto = respuesta.text().await?;
    let login: Value =
        serde_json::from_str(&texto).map_err(|e| anyhow::anyhow!("login: {e}: {texto}"))?;
    let token = login["data"]["token"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("login sin token: {texto}"))?
        .to_owned();
    Ok(Demo {
        app,
        base,
        cliente,
        token,
    })
}

/// Replaces the tables of the demo branch `tag` with `mesas` (the tables form's body) as the
/// manager; an empty list leaves a branch whose walk-ins take any table name and hold none.
pub async fn poner_mesas(d: &Demo, tag: &str, mesas: &Value) -> anyhow::Result<()> {
    let sucursales: Value = d
        .cliente
        .get(format!("{}/api/v1/admin/sucursal/sucuser/suc", d.base))
        .bearer_auth(&d.token)
        .send()
        .await?
        .json()
        .await?;
    let id = sucursales["data"]
        .as_array()
        .and_then(|l| l.iter().find(|s| s["tag"] == tag))
        .and_then(|s| s["_id"].as_str())
        .ok_or_else(|| anyhow::anyhow!("no está la sucursal {tag}"))?
        .to_owned();
    let r = d
        .cliente
        .put(format!("{}/api/v1/admin/sucursal/{id}/mesas", d.base))
        .bearer_auth(&d.token)
        .json(mesas)
        .send()
        .await?;
    anyhow::ensure!(
        r.status().is_success(),
        "mesas de {tag}: {}",
        r.text().await?
    );
    Ok(())
}

/// A brand with one branch tagged `bench`, written straight into the tables; returns the
/// branch's id.
pub async fn sucursal_bench(url: &str) -> anyhow::Result<String> {
    let (marca, sucursal) = (nuevo_id(), nuevo_id());
    let ahora = if url.starts_with("sqlite:") {
        "'2026-01-01T00:00:00Z'"
    } else {
        "now()"
    };
    let sql_marca =
        format!("INSERT INTO marcas (id, name, created_at) VALUES ($1, 'Marca', {ahora})");
    let sql_sucursal = format!("INSERT INTO sucursales (id, tag, name, marca_id, created_at) VALUES ($1, 'bench', 'Bench', $2, {ahora})");
    if url.starts_with("sqlite:") {
        let mut c = sqlx::SqliteConnection::connect(url).await?;
        sqlx::query(&sql_marca).bind(&marca).execute(&mut c).await?;
        sqlx::query(&sql_sucursal)
            .bind(&sucursal)
            .bind(&marca)
            .execute(&mut c)
            .await?;
    } else {
        let mut c = sqlx::PgConnection::connect(url).await?;
        sqlx::query(&sql_marca).bind(&marca).execute(&mut c).await?;
        sqlx::query(&sql_sucursal)
            .bind(&sucursal)
            .bind(&marca)
            .execute(&mut c)
            .await?;
    }
    Ok(sucursal)
}

/// Drops `tabla`'s search indexes (`{tabla}_busqueda_*`) for a bulk load on PostgreSQL and
/// answers their definitions as the migrations wrote them, for [`crear_indices`] afterwards: the
/// benchmark measures the indexes the product has, whatever their current shape.
pub async fn quitar_indices_busqueda(
    c: &mut sqlx::PgConnection,
    tabla: &str,
) -> anyhow::Result<Vec<String>> {
    let filas: Vec<(String, String)> = sqlx::query_as(
        "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1 AND indexname LIKE $2",
    )
    .bind(tabla)
    .bind(format!("{tabla}_busqueda_%"))
    .fetch_all(&mut *c)
    .await?;
    anyhow::ensure!(!filas.is_empty(), "{tabla} no tiene índices de búsqueda");
    for (nombre, _) in &filas {
        sqlx::query(&format!("DROP INDEX {nombre}"))
            .execute(&mut *c)
            .await?;
    }
    Ok(filas.into_iter().map(|(_, def)| def).collect())
}

/// Builds again the indexes [`quitar_indices_busqueda`] dropped.
pub async fn crear_indices(
    c: &mut sqlx::PgConnection,
    definiciones: &[String],
) -> anyhow::Result<()> {
    for def in definiciones {
        sqlx::query(def).execute(&mut *c).await?;
    }
    Ok(())
}
