//! Logs: one structured line per request (method, route template, status, milliseconds, the
//! user's id, the branch's tag, request id). Bodies, query strings, headers and paths are never
//! logged (a path may carry a booking's token), so no password, token or guest contact can reach
//! a log. A 5xx names the request id in its message, so a host can read it to support.

use std::io::IsTerminal;
use std::time::Duration;

use axum::body::Body;
use axum::http::{HeaderName, Request, Response};
use rand::RngCore;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::trace::TraceLayer;
use tracing::Span;
use tracing_subscriber::EnvFilter;

/// Header carrying the request id, accepted from a proxy or generated, and echoed back.
pub const CABECERA_ID: &str = "x-request-id";

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum FormatoLog {
    /// One readable line per event.
    #[default]
    Texto,
    /// One JSON object per line, for log shippers.
    Json,
}

/// Installs the global subscriber: `RUST_LOG` filters (default `info`); JSON lines for log
/// collectors with `--log-format json` (or the older `ANFITRION_LOG=json`).
pub fn iniciar(formato: FormatoLog) {
    let filtro =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let json = formato == FormatoLog::Json
        || std::env::var("ANFITRION_LOG").is_ok_and(|v| v.eq_ignore_ascii_case("json"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filtro)
        .with_target(false)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal());
    let _ = if json {
        builder.json().flatten_event(true).try_init()
    } else {
        builder.try_init()
    };
}

/// Random 16-hex-character request ids.
#[derive(Clone, Copy, Default)]
pub struct IdAleatorio;

impl MakeRequestId for IdAleatorio {
    fn make_request_id<B>(&mut self, _: &Request<B>) -> Option<RequestId> {
        let mut b = [0u8; 8];
        rand::thread_rng().fill_bytes(&mut b);
        hex::encode(b).parse().ok().map(RequestId::new)
    }
}

pub fn capa_id() -> SetRequestIdLayer<IdAleatorio> {
    SetRequestIdLayer::new(HeaderName::from_static(CABECERA_ID), IdAleatorio)
}

pub fn capa_propagar_id() -> PropagateRequestIdLayer {
    PropagateRequestIdLayer::new(HeaderName::from_static(CABECERA_ID))
}

/// The per-request span and its closing line.
#[allow(clippy::type_complexity)]
pub fn capa_trazas() -> TraceLayer<
    tower_http::classify::SharedClassifier<tower_http::classify::ServerErrorsAsFailures>,
    fn(&Request<Body>) -> Span,
    (),
    fn(&Response<Body>, Duration, &Span),
    (),
    (),
    (),
> {
    TraceLayer::new_for_http()
        .make_span_with(span as fn(&Request<Body>) -> Span)
        .on_request(())
        .on_response(respuesta as fn(&Response<Body>, Duration, &Span))
        .on_body_chunk(())
        .on_eos(())
        .on_failure(())
}

fn span(req: &Request<Body>) -> Span {
    let id = req
        .headers()
        .get(CABECERA_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    tracing::info_span!(
        "solicitud",
        method = %req.method(),
        route = tracing::field::Empty,
        usuario = tracing::field::Empty,
        sucursal = tracing::field::Empty,
        request_id = %id
    )
}

/// Records the route template a request matched (`/api/v1/admin/walkin/{id}`, never the path
/// with its values) on the request's span.
/// It travels out on the answer too, for the metrics' label ([`crate::metricas::medir`]).
pub async fn registrar_ruta(req: Request<Body>, next: axum::middleware::Next) -> Response<Body> {
    let ruta = req
        .extensions()
        .get::<axum::extract::MatchedPath>()
        .map(|r| std::sync::Arc::<str>::from(r.as_str()));
    if let Some(ruta) = &ruta {
        Span::current().record("route", tracing::field::display(ruta));
    }
    let mut res = next.run(req).await;
    if let Some(ruta) = ruta.filter(|_| crate::metricas::activas()) {
        res.extensions_mut()
            .insert(crate::metricas::RutaCoincidente(ruta));
    }
    res
}

/// A 500 (something failed inside the server) names the request id in its message: what a host
/// reads out to support, and what finds the request's log line. The other 5xx say what happened
/// in their own words (a printer that does not answer, a server too busy).
pub async fn nombrar_solicitud(req: Request<Body>, next: axum::middleware::Next) -> Response<Body> {
    let id = req
        .headers()
        .get(CABECERA_ID)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let res = next.run(req).await;
    let Some(id) = id.filter(|_| res.status() == axum::http::StatusCode::INTERNAL_SERVER_ERROR)
    else {
        return res;
    };
    let (mut partes, cuerpo) = res.into_parts();
    let Ok(bytes) = axum::body::to_bytes(cuerpo, 64 * 1024).await else {
        return Response::from_parts(partes, Body::empty());
    };
    let cuerpo = match serde_json::from_slice::<serde_json::Value>(&bytes) {
        Ok(mut v) if v.get("message").and_then(|m| m.as_str()).is_some() => {
            let mensaje = format!(
                "{} Código para soporte: {id}.",
                v["message"].as_str().unwrap_or_default()
            );
            v["message"] = serde_json::Value::String(mensaje);
            partes.headers.remove(axum::http::header::CONTENT_LENGTH);
            Body::from(v.to_string())
        }
        _ => Body::from(bytes),
    };
    Response::from_parts(partes, cuerpo)
}

fn respuesta(res: &Response<Body>, latencia: Duration, _: &Span) {
    let status = res.status().as_u16();
    let latency_ms = latencia.as_secs_f64() * 1000.0;
    if res.status().is_server_error() {
        tracing::error!(status, latency_ms, "respuesta");
    } else {
        tracing::info!(status, latency_ms, "respuesta");
    }
}
