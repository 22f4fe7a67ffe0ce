//! Logs: one structured line per request (method, route template, status, milliseconds, the
//! user's id, the branch's tag, request id). Bodies, query strings, headers and paths are never
//! logged (a path may carry a booking's token), so no password, token or guest contact can reach
//! a log. A 5xx names the request id in its message, so a host can read it to support.

use std::io::IsTerminal;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderName, Request, Response};
use rand::RngCore;
use tower_http::request_id::{MakeRequestId, PropagateRequestIdLayer, RequestId};
use tower_http::trace::TraceLayer;
use tracing::Span;
use tracing_subscriber::EnvFilter;

/// Header carrying the request id, accepted from a trusted proxy or generated, and echoed back.
pub const CABECERA_ID: &str = "x-request-id";
/// Longest request id a trusted proxy may hand over; a longer one is replaced.
pub const MAX_ID: usize = 128;

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

/// Middleware: the request's id. A trusted proxy's (`--trusted-proxies`, the peers whose
/// `X-Forwarded-For` is believed) is kept when it is 1 to [`MAX_ID`] characters of
/// [`caracter_de_id`]'s set, so one request can be followed through the balancer's log and ours;
/// any other client's is replaced by a random one: whatever a client writes would otherwise reach
/// every log line and the message a host reads out to support.
pub async fn poner_id(
    State(confiables): State<Arc<[IpAddr]>>,
    mut req: Request<Body>,
    next: axum::middleware::Next,
) -> Response<Body> {
    let de_confianza = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .is_some_and(|ConnectInfo(par)| confiables.contains(&par.ip().to_canonical()));
    let nombre = HeaderName::from_static(CABECERA_ID);
    let mut valores = req.headers().get_all(&nombre).iter();
    let propio = match (valores.next(), valores.next()) {
        (Some(v), None) if de_confianza && id_aceptable(v.as_bytes()) => Some(v.clone()),
        _ => None,
    };
    let id = propio.or_else(|| {
        IdAleatorio
            .make_request_id(&req)
            .map(|id| id.header_value().clone())
    });
    req.headers_mut().remove(&nombre);
    if let Some(id) = id {
        req.headers_mut().insert(nombre, id.clone());
        req.extensions_mut().insert(RequestId::new(id));
    }
    next.run(req).await
}

/// A request id as a proxy may pass it: 1 to [`MAX_ID`] characters of [`caracter_de_id`].
fn id_aceptable(id: &[u8]) -> bool {
    !id.is_empty() && id.len() <= MAX_ID && id.iter().copied().all(caracter_de_id)
}

/// Letters, digits and `-_.:+=/@`: what UUIDs, trace ids and balancers' ids are written with,
/// nothing a log or a message could be confused by.
fn caracter_de_id(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"-_.:+=/@".contains(&c)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_id_is_short_visible_ascii_of_a_safe_set() {
        for bueno in [
            "4bf92f3577b34da6",
            "req-1_2.3:4+5=6/7@lb",
            &"a".repeat(MAX_ID),
        ] {
            assert!(id_aceptable(bueno.as_bytes()), "{bueno}");
        }
        for malo in [
            "",
            "con espacio",
            "comilla\"",
            "<script>",
            "línea",
            &"a".repeat(MAX_ID + 1),
        ] {
            assert!(!id_aceptable(malo.as_bytes()), "{malo}");
        }
    }
}
