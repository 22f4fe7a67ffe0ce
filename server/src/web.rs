//! The console, embedded in the binary: every path outside `/api` serves `index.html` (the React
//! router takes it from there); hashed assets are cached for a year, `index.html` never.
//!
//! The public booking pages are the build's second entry, `widget.html`, a small
//! bundle of its own: `/reservacion/{tag}`, `/reservacion/{tag}/confirmacion/{id}`,
//! `/reservacion/{tag}/verificar/{id}` and `/widget/{tag}`; `/widget.js` is the script a
//! restaurant's site includes to open the widget. A build without that entry serves the console
//! there instead. `/api/docs` is the third entry, `docs.html`: the API's reference. Only these paths may be framed by other sites (see `seguridad`).

use axum::body::Body;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS};
use axum::http::{HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::borrow::Cow;
use std::sync::OnceLock;

use crate::error::ApiError;

/// A file of the console's build by its path there (`index.html`, `assets/…`). The binary embeds
/// the build and hands it over at start (`usar_consola`); the library itself never depends on
/// it, so it compiles before the console is built and is not compiled again when it changes.
pub type ArchivoConsola = fn(&str) -> Option<Cow<'static, [u8]>>;

static CONSOLA: OnceLock<ArchivoConsola> = OnceLock::new();

/// The console this process serves; before (or without) it every page says it is not built.
pub fn usar_consola(archivo: ArchivoConsola) {
    let _ = CONSOLA.set(archivo);
}

fn archivo(ruta: &str) -> Option<Cow<'static, [u8]>> {
    CONSOLA.get().and_then(|f| f(ruta))
}

/// Vite puts content-hashed files here: their name changes with their content.
const ASSETS: &str = "assets/";

/// Shown when the binary was built before the console (`make run` builds both).
const SIN_CONSOLA: &str = r#"<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Anfitrión</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>Anfitrión</h1>
<p>La interfaz no se ha compilado todavía. Ejecuta <code>make run</code> para compilarla junto con el servidor.</p>
<p>La API está disponible en <code>/api</code>.</p>
</body>
</html>
"#;

/// Fallback for every path no API route serves.
pub async fn consola(method: Method, uri: Uri) -> Response {
    let ruta = uri.path();
    if ruta == "/api" || ruta.starts_with("/api/") {
        return ApiError::RutaDesconocida.into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return ApiError::MetodoNoPermitido.into_response();
    }
    if es_pagina_publica(ruta) {
        if let Some(widget) = archivo(WIDGET_HTML) {
            return respuesta(
                StatusCode::OK,
                "text/html; charset=utf-8",
                "no-cache",
                Body::from(widget.into_owned()),
            );
        }
    }
    if ruta == "/widget.js" {
        return match archivo("widget.js") {
            // Sites include it by this fixed name: kept an hour, not a year.
            Some(js) => respuesta(
                StatusCode::OK,
                "text/javascript; charset=utf-8",
                "public, max-age=3600",
                Body::from(js.into_owned()),
            ),
            None => respuesta(
                StatusCode::NOT_FOUND,
                "text/plain; charset=utf-8",
                "no-store",
                Body::from("No encontrado"),
            ),
        };
    }
    let nombre = ruta.trim_start_matches('/');
    if !nombre.is_empty() && nombre != "index.html" {
        if let Some(contenido) = archivo(nombre) {
            let mime = mime_guess::from_path(nombre).first_or_octet_stream();
            let cache = if nombre.starts_with(ASSETS) {
                "public, max-age=31536000, immutable"
            } else {
                "public, max-age=3600"
            };
            return respuesta(
                StatusCode::OK,
                mime.as_ref(),
                cache,
                Body::from(contenido.into_owned()),
            );
        }
        // A missing hashed asset is a stale page asking for an old build: HTML would not help it.
        if nombre.starts_with(ASSETS) {
            return respuesta(
                StatusCode::NOT_FOUND,
                "text/plain; charset=utf-8",
                "no-store",
                Body::from("No encontrado"),
            );
        }
    }
    match archivo("index.html") {
        Some(index) => respuesta(
            StatusCode::OK,
            "text/html; charset=utf-8",
            "no-cache",
            Body::from(index.into_owned()),
        ),
        None => respuesta(
            StatusCode::OK,
            "text/html; charset=utf-8",
            "no-cache",
            Body::from(SIN_CONSOLA),
        ),
    }
}

/// The booking page's entry in the build.
const WIDGET_HTML: &str = "widget.html";
/// The API's reference page (the build's third entry), served at `/api/docs`.
const DOCS_HTML: &str = "docs.html";

/// `GET /api/docs`: the API's reference, which reads `/api/openapi.json`. A build without the
/// console says so.
pub async fn referencia_api() -> Response {
    match archivo(DOCS_HTML) {
        Some(docs) => respuesta(
            StatusCode::OK,
            "text/html; charset=utf-8",
            "no-cache",
            Body::from(docs.into_owned()),
        ),
        None => respuesta(
            StatusCode::OK,
            "text/html; charset=utf-8",
            "no-cache",
            Body::from(SIN_CONSOLA),
        ),
    }
}

/// Whether `ruta` is the API's reference page.
pub fn es_referencia_api(ruta: &str) -> bool {
    ruta == "/api/docs" || ruta == "/api/docs/"
}

/// `/reservacion/{tag}`, `/reservacion/{tag}/confirmacion/{id}` (the guest's page),
/// `/reservacion/{tag}/verificar/{id}`, a reminder's `/reservacion/{tag}/confirmar/{id}` and
/// `/reservacion/{tag}/cancelar/{id}`, `/widget/{tag}`, and the waitlist's join page
/// `/espera/{tag}` (with its door tablet's `/espera/{tag}/kiosco` and its printed
/// `/espera/{tag}/cartel`) and the guest's own `/espera/{tag}/turno/{id}`: the pages the booking
/// bundle serves.
pub fn es_pagina_publica(ruta: &str) -> bool {
    let partes: Vec<&str> = ruta.trim_end_matches('/').split('/').skip(1).collect();
    let sano = |p: &&str| !p.is_empty() && p.len() <= 64;
    match partes.as_slice() {
        ["reservacion", tag] | ["widget", tag] | ["espera", tag] => sano(tag),
        ["espera", tag, "kiosco" | "cartel"] => sano(tag),
        ["espera", tag, "turno", id] => sano(tag) && sano(id),
        ["reservacion", tag, "confirmacion" | "verificar" | "confirmar" | "cancelar", id] => {
            sano(tag) && sano(id)
        }
        _ => false,
    }
}

fn respuesta(status: StatusCode, tipo: &str, cache: &'static str, cuerpo: Body) -> Response {
    let mut r = Response::new(cuerpo);
    *r.status_mut() = status;
    let h = r.headers_mut();
    if let Ok(v) = HeaderValue::from_str(tipo) {
        h.insert(CONTENT_TYPE, v);
    }
    h.insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_booking_pages_are_the_public_ones() {
        for r in [
            "/reservacion/polanco",
            "/widget/polanco",
            "/reservacion/polanco/confirmacion/abc",
            "/reservacion/polanco/verificar/abc/",
            "/reservacion/polanco/confirmar/abc",
            "/reservacion/polanco/cancelar/abc",
            "/espera/polanco",
            "/espera/polanco/turno/abc",
            "/espera/polanco/kiosco",
            "/espera/polanco/cartel",
        ] {
            assert!(es_pagina_publica(r), "{r}");
        }
        for r in [
            "/reservaciones",
            "/reservacion",
            "/widget",
            "/reservacion/polanco/otra/abc",
            "/espera",
            "/espera/polanco/otra/abc",
            "/marcas/1",
        ] {
            assert!(!es_pagina_publica(r), "{r}");
        }
    }
}
