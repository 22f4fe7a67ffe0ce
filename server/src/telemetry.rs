//! Logs: one structured line per request (method, path, status, latency, request id). Bodies,
//! query strings and headers are never logged, so no password or token can reach a log.

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

/// Installs the global subscriber: `RUST_LOG` filters (default `info`), `ANFITRION_LOG=json`
/// switches to JSON lines for log collectors.
pub fn iniciar() {
    let filtro =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let json = std::env::var("ANFITRION_LOG").is_ok_and(|v| v.eq_ignore_ascii_case("json"));
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
    tracing::info_span!("solicitud", method = %req.method(), path = %req.uri().path(), request_id = %id)
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
