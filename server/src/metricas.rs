//! Metrics for Prometheus, off by default: `--metricas 127.0.0.1:9464` serves `GET /metrics` on
//! that address alone (never on the public one, which a proxy exposes). What a systems person
//! watches: requests by route template, method and status with their latency histogram, the
//! database pool in use and idle, the open event streams, the e-mail outbox's depth and the age
//! of its oldest pending message, and logins refused by the throttle.
//!
//! The `metrics` facade records; its Prometheus exporter keeps the values and writes the text.
//! The recorder is the process's: installed once, by the first instance started with metrics.
//! Until then every recording below is a no-op (and the request layer skips its labels).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use axum::body::Body;
use axum::extract::State;
use axum::http::{header, Request};
use axum::response::{IntoResponse, Response};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::task::JoinHandle;

use crate::db::Store;
use crate::eventos::Eventos;
use crate::reloj::Reloj;

/// Requests answered, by `metodo`, `ruta` (the route template) and `estado`.
pub const SOLICITUDES: &str = "anfitrion_http_solicitudes_total";
/// Seconds from a request's arrival to its answer's head, by `metodo` and `ruta`.
pub const DURACION: &str = "anfitrion_http_duracion_segundos";
/// Database connections checked out of the pool.
pub const CONEXIONES_EN_USO: &str = "anfitrion_db_conexiones_en_uso";
/// Database connections open and idle in the pool.
pub const CONEXIONES_LIBRES: &str = "anfitrion_db_conexiones_libres";
/// Live notification streams open on this instance.
pub const FLUJOS: &str = "anfitrion_flujos_abiertos";
/// E-mails waiting in the outbox (pending, not yet sent or given up).
pub const CORREOS_PENDIENTES: &str = "anfitrion_correos_pendientes";
/// Age in seconds of the oldest pending e-mail; 0 when none waits.
pub const CORREO_MAS_VIEJO: &str = "anfitrion_correo_pendiente_mas_viejo_segundos";
/// Logins refused by the throttle, by `alcance` (`cuenta` or `direccion`).
pub const LOGINS_FRENADOS: &str = "anfitrion_logins_frenados_total";

/// Latency buckets, in seconds: a host feels 100 ms; a list answers in a few.
const CUBETAS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// How long a scrape waits for the outbox's figures before answering without them.
const ESPERA_BANDEJA: Duration = Duration::from_secs(2);

static ACTIVAS: AtomicBool = AtomicBool::new(false);

/// Whether an instance of this process serves metrics (and so whether to record them).
pub fn activas() -> bool {
    ACTIVAS.load(Ordering::Relaxed)
}

/// The process's recorder, installed by the first call.
fn registrador() -> anyhow::Result<PrometheusHandle> {
    static INSTALADO: Mutex<Option<PrometheusHandle>> = Mutex::new(None);
    let mut instalado = INSTALADO.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(h) = instalado.as_ref() {
        return Ok(h.clone());
    }
    let h = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Full(DURACION.to_owned()), CUBETAS)?
        .install_recorder()
        .context("no se pudo instalar el registro de métricas")?;
    describir();
    ACTIVAS.store(true, Ordering::Relaxed);
    *instalado = Some(h.clone());
    Ok(h)
}

/// The `# HELP` lines.
fn describir() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_counter!(
        SOLICITUDES,
        "Solicitudes HTTP respondidas, por método, plantilla de ruta y estado"
    );
    describe_histogram!(
        DURACION,
        Unit::Seconds,
        "Tiempo hasta la respuesta, por método y plantilla de ruta"
    );
    describe_gauge!(CONEXIONES_EN_USO, "Conexiones a la base de datos en uso");
    describe_gauge!(
        CONEXIONES_LIBRES,
        "Conexiones a la base de datos abiertas y libres"
    );
    describe_gauge!(FLUJOS, "Flujos de avisos abiertos en esta instancia");
    describe_gauge!(
        CORREOS_PENDIENTES,
        "Correos en la bandeja de salida por enviar"
    );
    describe_gauge!(
        CORREO_MAS_VIEJO,
        Unit::Seconds,
        "Antigüedad del correo pendiente más viejo"
    );
    describe_counter!(
        LOGINS_FRENADOS,
        "Inicios de sesión rechazados por el freno de intentos"
    );
}

/// The route template a request matched, handed from the router's inner layer (which sees it)
/// to [`medir`] outside (which does not).
#[derive(Clone)]
pub struct RutaCoincidente(pub Arc<str>);

/// Counts each request and records its latency, labelled by its route template: never the path
/// (its values would make a series per reservation) and never the query.
pub async fn medir(req: Request<Body>, next: axum::middleware::Next) -> Response {
    if !activas() {
        return next.run(req).await;
    }
    let inicio = Instant::now();
    let metodo = req.method().as_str().to_owned();
    let res = next.run(req).await;
    let ruta = res
        .extensions()
        .get::<RutaCoincidente>()
        .map(|r| r.0.to_string())
        // The console's pages and files, and any path no route matched.
        .unwrap_or_else(|| "(consola)".to_owned());
    let estado = res.status().as_u16().to_string();
    metrics::histogram!(DURACION, "metodo" => metodo.clone(), "ruta" => ruta.clone())
        .record(inicio.elapsed().as_secs_f64());
    metrics::counter!(SOLICITUDES, "metodo" => metodo, "ruta" => ruta, "estado" => estado)
        .increment(1);
    res
}

/// A login refused by the throttle (`cuenta`: the account from this address; `direccion`: the
/// address whatever the account).
pub fn login_frenado(por_direccion: bool) {
    let alcance = if por_direccion { "direccion" } else { "cuenta" };
    metrics::counter!(LOGINS_FRENADOS, "alcance" => alcance).increment(1);
}

/// What a scrape reads at its moment: the pool, the streams, the outbox.
#[derive(Clone)]
struct Fuentes {
    handle: PrometheusHandle,
    store: Arc<dyn Store>,
    eventos: Arc<Eventos>,
    reloj: Reloj,
}

/// The metrics server: its address and its task (stopped with the instance).
pub struct Metricas {
    pub addr: SocketAddr,
    pub tarea: JoinHandle<()>,
}

/// Installs the recorder (once per process) and serves `GET /metrics` on `addr`.
pub async fn servir(
    addr: SocketAddr,
    store: Arc<dyn Store>,
    eventos: Arc<Eventos>,
    reloj: Reloj,
) -> anyhow::Result<Metricas> {
    let handle = registrador()?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("no se pudo escuchar las métricas en {addr}"))?;
    let addr = listener.local_addr()?;
    let app = axum::Router::new()
        .route("/metrics", axum::routing::get(raspar))
        .with_state(Fuentes {
            handle,
            store,
            eventos,
            reloj,
        });
    let tarea = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "el servidor de métricas se detuvo");
        }
    });
    Ok(Metricas { addr, tarea })
}

async fn raspar(State(f): State<Fuentes>) -> impl IntoResponse {
    let (abiertas, libres) = f.store.conexiones();
    metrics::gauge!(CONEXIONES_EN_USO).set((abiertas as usize).saturating_sub(libres) as f64);
    metrics::gauge!(CONEXIONES_LIBRES).set(libres as f64);
    metrics::gauge!(FLUJOS).set(f.eventos.flujos_abiertos() as f64);
    match tokio::time::timeout(ESPERA_BANDEJA, f.store.bandeja_pendiente()).await {
        Ok(Ok((pendientes, mas_viejo))) => {
            metrics::gauge!(CORREOS_PENDIENTES).set(pendientes as f64);
            let edad = mas_viejo
                .map(|t| (f.reloj.ahora() - t).num_milliseconds().max(0) as f64 / 1000.0)
                .unwrap_or(0.0);
            metrics::gauge!(CORREO_MAS_VIEJO).set(edad);
        }
        // The last figures stay; the log says why they are not fresh.
        Ok(Err(e)) => tracing::warn!(error = %e, "métricas: la bandeja de salida no respondió"),
        Err(_) => tracing::warn!("métricas: la bandeja de salida tardó demasiado"),
    }
    f.handle.run_upkeep();
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        f.handle.render(),
    )
}
