//! What every request and answer goes through before and after the router: input the database
//! cannot store is refused here (a NUL or invalid UTF-8 in the path or the query; bodies are
//! checked by the JSON extractor), requests over our size limits answer in the envelope, and
//! every answer carries the security headers.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode_str;

use crate::error::ApiError;

/// Longest path and query read; longer ones answer 414.
pub const MAX_URI: usize = 8 * 1024;
/// Most header lines read; more answer 431.
pub const MAX_CABECERAS: usize = 100;
/// Most header bytes read, names and values; more answer 431.
pub const MAX_BYTES_CABECERAS: usize = 16 * 1024;

/// The console: its own scripts and the WASM core (compiled by the browser, hence
/// `'wasm-unsafe-eval'`), its own API, styles React sets inline, QR images as data URLs, and
/// never inside another site's frame.
const CSP_CONSOLA: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; media-src 'self' blob:; \
     object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
/// The public booking pages: as the console, but any site may frame them.
const CSP_PUBLICA: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; media-src 'self' blob:; \
     object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors *";
/// A booking page opened for staff (`?origin=Plataforma`, the console's Nueva dialog and host
/// stand): it may act with the console's session, so only the console's own origin may frame it.
const CSP_PUBLICA_PERSONAL: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; media-src 'self' blob:; \
     object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";
/// API answers are data: opened as a page, they may load and run nothing.
const CSP_API: &str = "default-src 'none'; frame-ancestors 'none'";
const PERMISOS: &str =
    "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=()";
const HSTS: &str = "max-age=31536000; includeSubDomains";

/// The security headers, and whether HSTS is among them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cabeceras {
    /// `Strict-Transport-Security`, for a server reached over HTTPS (`--hsts`).
    pub hsts: bool,
}

/// What kind of answer a path gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Clase {
    Api,
    Consola,
    /// `/widget/{tag}`, `/widget.js` and `/reservacion/{tag}` (with its confirmation and
    /// verification pages): the booking pages meant for other sites, the only ones they may frame.
    Publica,
    /// A booking page asked for with origin Plataforma: staff's, framed by the console alone.
    PublicaDelPersonal,
}

fn clase(ruta: &str, consulta: Option<&str>) -> Clase {
    // The API's reference is a page of the console's kind (its scripts and styles are ours).
    if crate::web::es_referencia_api(ruta) {
        Clase::Consola
    } else if ruta == "/api" || ruta.starts_with("/api/") {
        Clase::Api
    } else if crate::web::es_pagina_publica(ruta) {
        if consulta.is_some_and(pide_plataforma) {
            Clase::PublicaDelPersonal
        } else {
            Clase::Publica
        }
    } else if ruta == "/widget.js" {
        Clase::Publica
    } else {
        Clase::Consola
    }
}

/// Whether any `origin` of the query names Plataforma, as the booking page reads it (trimmed, in
/// any case); any of them, so a repeated parameter cannot make the page and this disagree.
fn pide_plataforma(consulta: &str) -> bool {
    form_urlencoded::parse(consulta.as_bytes())
        .any(|(k, v)| k.trim() == "origin" && v.trim().eq_ignore_ascii_case("plataforma"))
}

impl Cabeceras {
    fn para(&self, clase: Clase) -> Vec<(HeaderName, HeaderValue)> {
        let csp = match clase {
            Clase::Api => CSP_API,
            Clase::Consola => CSP_CONSOLA,
            Clase::Publica => CSP_PUBLICA,
            Clase::PublicaDelPersonal => CSP_PUBLICA_PERSONAL,
        };
        let mut h = vec![
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(csp),
            ),
            (
                header::REFERRER_POLICY,
                HeaderValue::from_static("same-origin"),
            ),
            (
                HeaderName::from_static("permissions-policy"),
                HeaderValue::from_static(PERMISOS),
            ),
        ];
        match clase {
            Clase::Publica => {}
            Clase::PublicaDelPersonal => h.push((
                header::X_FRAME_OPTIONS,
                HeaderValue::from_static("SAMEORIGIN"),
            )),
            Clase::Api | Clase::Consola => {
                h.push((header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
            }
        }
        if self.hsts {
            h.push((
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static(HSTS),
            ));
        }
        h
    }
}

/// Middleware: the security headers on every answer, by the kind of path asked for.
pub async fn poner_cabeceras(
    State(cabeceras): State<Arc<Cabeceras>>,
    req: Request,
    next: Next,
) -> Response {
    let clase = clase(req.uri().path(), req.uri().query());
    let mut respuesta = next.run(req).await;
    let h = respuesta.headers_mut();
    for (nombre, valor) in cabeceras.para(clase) {
        h.insert(nombre, valor);
    }
    respuesta
}

/// Middleware: refuses, in the envelope, what the router should never see: an address or headers
/// over our limits, and a path or query that is not valid UTF-8 or holds a NUL, which PostgreSQL
/// cannot store (SQLite would, so the engines would answer differently).
pub async fn filtrar(req: Request, next: Next) -> Response {
    match revisar(&req) {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

fn revisar(req: &Request) -> Result<(), ApiError> {
    let uri = req.uri();
    let largo = uri.path_and_query().map_or(0, |p| p.as_str().len());
    if largo > MAX_URI {
        return Err(ApiError::UriDemasiadoLarga);
    }
    let bytes: usize = req
        .headers()
        .iter()
        .map(|(n, v)| n.as_str().len() + v.len() + 4)
        .sum();
    if req.headers().len() > MAX_CABECERAS || bytes > MAX_BYTES_CABECERAS {
        return Err(ApiError::CabecerasDemasiadoGrandes);
    }
    if !texto_almacenable(uri.path()) {
        return Err(ApiError::Entrada(
            "La dirección solicitada no es válida.".to_owned(),
        ));
    }
    if !uri.query().is_none_or(texto_almacenable) {
        return Err(ApiError::Entrada(
            "Los parámetros de la consulta no son válidos.".to_owned(),
        ));
    }
    Ok(())
}

/// Whether `s`, percent-decoded, is UTF-8 without a NUL.
fn texto_almacenable(s: &str) -> bool {
    percent_decode_str(s)
        .decode_utf8()
        .is_ok_and(|t| !t.contains('\0'))
}

/// Whether a JSON text holds a `\u0000` escape (raw control characters are invalid JSON, so an
/// escape is the only way a NUL gets in).
pub fn json_con_nulo(json: &[u8]) -> bool {
    let mut i = 0;
    while i < json.len() {
        if json[i] == b'\\' {
            if json.get(i + 1) == Some(&b'u') && json.get(i + 2..i + 6) == Some(b"0000") {
                return true;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    false
}

/// A whole HTTP/1.1 answer for `error`, in the envelope, with the API's security headers and
/// `Connection: close`: for answers written below the router (a connection over the cap, the
/// errors hyper answers on its own).
pub fn respuesta_cruda(error: &ApiError, cabeceras: &Cabeceras) -> Vec<u8> {
    let status: StatusCode = error.status();
    let cuerpo = error.cuerpo();
    let mut r = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\ncache-control: no-store\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        cuerpo.len()
    );
    if let Some(s) = error.reintentar_en() {
        r.push_str(&format!("retry-after: {s}\r\n"));
    }
    for (nombre, valor) in cabeceras.para(Clase::Api) {
        r.push_str(&format!(
            "{}: {}\r\n",
            nombre,
            valor.to_str().unwrap_or_default()
        ));
    }
    r.push_str("\r\n");
    let mut bytes = r.into_bytes();
    bytes.extend_from_slice(&cuerpo);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_or_invalid_utf8_in_a_path_is_not_storable() {
        assert!(texto_almacenable("/api/v1/admin/sucursal/polanco"));
        assert!(texto_almacenable("/api/v1/admin/sucursal/sat%C3%A9lite"));
        assert!(!texto_almacenable("/api/v1/admin/sucursal/%00"));
        assert!(!texto_almacenable("/api/v1/admin/sucursal/abc%00"));
        assert!(!texto_almacenable("/api/v1/admin/sucursal/%FF"));
        assert!(!texto_almacenable("tag=%C3"));
    }

    #[test]
    fn only_a_real_nul_escape_counts_in_json() {
        assert!(json_con_nulo(br#"{"name": "a\u0000b"}"#));
        assert!(json_con_nulo(br#"{"name": "\\\u0000"}"#));
        assert!(!json_con_nulo(br#"{"name": "\\u0000"}"#));
        assert!(!json_con_nulo(br#"{"name": "\u0001"}"#));
    }

    #[test]
    fn only_the_public_booking_pages_may_be_framed() {
        let c = Cabeceras::default();
        let marco = |ruta: &str| {
            let (ruta, consulta) = match ruta.split_once('?') {
                Some((r, q)) => (r, Some(q)),
                None => (ruta, None),
            };
            let h = c.para(clase(ruta, consulta));
            let csp = h
                .iter()
                .find(|(n, _)| n == header::CONTENT_SECURITY_POLICY)
                .unwrap()
                .1
                .to_str()
                .unwrap()
                .to_owned();
            (
                csp.contains("frame-ancestors *"),
                h.iter().any(|(n, _)| n == header::X_FRAME_OPTIONS),
            )
        };
        assert_eq!(marco("/widget/polanco"), (true, false));
        assert_eq!(marco("/reservacion/polanco"), (true, false));
        assert_eq!(
            marco("/reservacion/polanco/confirmacion/65f0c0ffee0000000000abcd"),
            (true, false)
        );
        assert_eq!(marco("/widget.js"), (true, false));
        assert_eq!(marco("/reservacion/polanco/otra/cosa"), (false, true));
        assert_eq!(marco("/reservaciones/hoy"), (false, true));
        assert_eq!(marco("/api/v1/public/sucursal/polanco"), (false, true));
        assert_eq!(marco("/"), (false, true));
        // Opened for staff, a booking page is the console's alone to frame.
        for ruta in [
            "/widget/polanco?origin=Plataforma&personas_max=50",
            "/widget/polanco?origin=%20plataforma",
            "/reservacion/polanco?origin=Widget&origin=PLATAFORMA",
        ] {
            assert_eq!(marco(ruta), (false, true), "{ruta}");
        }
        assert_eq!(marco("/widget/polanco?origin=Widget"), (true, false));
    }

    #[test]
    fn a_raw_answer_is_a_complete_envelope() {
        let r = String::from_utf8(respuesta_cruda(
            &ApiError::Ocupado,
            &Cabeceras { hsts: true },
        ))
        .unwrap();
        assert!(r.starts_with("HTTP/1.1 503 Service Unavailable\r\n"), "{r}");
        assert!(
            r.contains("retry-after: 5\r\n") && r.contains("x-content-type-options: nosniff\r\n"),
            "{r}"
        );
        assert!(r.contains("strict-transport-security: "), "{r}");
        let (cabeza, cuerpo) = r.split_once("\r\n\r\n").unwrap();
        assert!(cabeza.contains(&format!("content-length: {}", cuerpo.len())));
        let v: serde_json::Value = serde_json::from_str(cuerpo).unwrap();
        assert_eq!(v["status"], "error");
        assert_eq!(
            v["message"],
            "El servidor está ocupado. Inténtalo de nuevo en unos segundos."
        );
    }
}
