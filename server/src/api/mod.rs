//! The HTTP API: one module per resource, mirroring the spec's paths, merged here with the
//! cross-cutting layers (request id, logs, panic guard, body limit) and the OpenAPI document.

pub mod afiliados;
pub mod auth;
pub mod bitacoras;
pub mod canales;
pub mod clientes;
pub mod cocina;
pub mod conf_walkin;
mod documento;
pub mod entrantes;
pub mod espera;
pub mod espera_publica;
pub mod huesped;
pub mod impresion;
pub mod integraciones;
pub mod marcas;
pub mod meseros;
pub mod notificaciones;
pub mod piso;
pub mod promociones;
pub mod publico;
pub mod reservacion;
pub mod roles;
pub mod sucursal;
pub mod tablero;
pub mod usuarios;
pub mod walkin;

use std::any::Any;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

use crate::error::{metodo_no_permitido, ruta_desconocida, ApiError, LIMITE_CUERPO};
use crate::estado::AppState;
use crate::{telemetry, web};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Anfitrión",
        description = "API de la consola de reservaciones y walk-ins. Toda respuesta es un sobre \
                       `{status, message, data}`; `message` está en español.",
    ),
    modifiers(&Seguridad),
    tags(
        (name = "sesión", description = "Inicio y cierre de sesión"),
        (name = "sucursales", description = "Sucursales y su configuración"),
        (name = "reservaciones", description = "Reservaciones de la sucursal"),
        (name = "notificaciones", description = "Notificaciones de reservaciones nuevas"),
        (name = "público", description = "Llamadas sin sesión: reservar"),
        (name = "walk-in", description = "Clientes sin reservación"),
        (name = "catálogo", description = "Meseros y promociones de la sucursal"),
        (name = "clientes", description = "Los clientes de la sucursal y sus visitas"),
        (name = "afiliados", description = "Hoteles, concierges y anfitriones con código de reservación"),
        (name = "usuarios", description = "Cuentas del personal"),
        (name = "roles", description = "Roles y permisos"),
        (name = "marcas", description = "Marcas y sus sucursales"),
        (name = "bitácoras", description = "Registro de cambios de la sucursal; CSV con Accept: text/csv"),
        (name = "tablero", description = "El día y los últimos días de la sucursal"),
        (name = "salón", description = "Las mesas de la sucursal: libres, ocupadas, liberar y cambiar de mesa"),
        (name = "integraciones", description = "Claves de integración para otros sistemas y webhooks firmados"),
        (name = "cocina", description = "El pronóstico de comensales de la cocina"),
    )
)]
struct ApiDoc;

/// Declares the bearer token every authenticated call carries.
struct Seguridad;

impl Modify for Seguridad {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let componentes = openapi.components.get_or_insert_with(Default::default);
        componentes.add_security_scheme(
            "token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// Every resource's routes with their OpenAPI description. A new resource module is merged here.
fn rutas() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(auth::router())
        .merge(canales::router())
        .merge(sucursal::router())
        .merge(reservacion::router())
        .merge(notificaciones::router())
        .merge(publico::router())
        .merge(huesped::router())
        .merge(walkin::router())
        .merge(meseros::router())
        .merge(promociones::router())
        .merge(clientes::router())
        .merge(afiliados::router())
        .merge(usuarios::router())
        .merge(roles::router())
        .merge(marcas::router())
        .merge(conf_walkin::router())
        .merge(bitacoras::router())
        .merge(tablero::router())
        .merge(piso::router())
        .merge(impresion::router())
        .merge(espera::router())
        .merge(espera_publica::router())
        .merge(entrantes::router())
        .merge(integraciones::router())
        .merge(cocina::router())
}

/// The OpenAPI document the server serves at `/api/openapi.json` (`anfitrion openapi` prints it;
/// the console's API types are generated from it).
pub fn documento() -> utoipa::openapi::OpenApi {
    partes().1
}

/// The routes and their document, completed with the answers every operation shares.
fn partes() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (api, mut documento) = rutas().split_for_parts();
    documento::completar(&mut documento);
    (api, documento)
}

/// The whole application: API routes, the OpenAPI document, the console fallback.
pub fn router(state: AppState, extra: Option<Router<AppState>>) -> Router {
    let (api, documento) = partes();
    let documento = Arc::new(documento);

    Router::new()
        .merge(api)
        .merge(extra.unwrap_or_default())
        .route(
            "/api/openapi.json",
            get(move || async move { axum::Json(documento.as_ref().clone()) }),
        )
        .route("/api/docs", get(web::referencia_api))
        .route("/healthz", get(crate::salud::vivo))
        .route("/readyz", get(crate::salud::listo))
        .route("/api", any(ruta_desconocida))
        .route("/api/{*resto}", any(ruta_desconocida))
        .route_layer(middleware::from_fn(telemetry::registrar_ruta))
        .fallback(web::consola)
        .method_not_allowed_fallback(metodo_no_permitido)
        .layer(CatchPanicLayer::custom(panico))
        // Outside the panic guard, so a write that panicked frees its key for the retry; inside
        // the body limit, which it reads the body under.
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::idempotencia::capa,
        ))
        .layer(DefaultBodyLimit::max(LIMITE_CUERPO))
        .layer(middleware::from_fn_with_state(
            state.timbre_webhooks.clone(),
            timbre_tras_escribir,
        ))
        .layer(middleware::from_fn(sin_cache_en_api))
        .layer(middleware::from_fn_with_state(
            state.reloj.clone(),
            fecha_del_reloj,
        ))
        // A tablet's first visit downloads the console and the WASM core (about 2 MB, a quarter
        // of that gzipped); assets are then cached for a year, so compressing costs little.
        .layer(CompressionLayer::new().gzip(true))
        .layer(middleware::from_fn(telemetry::nombrar_solicitud))
        .layer(middleware::from_fn(crate::metricas::medir))
        .layer(telemetry::capa_trazas())
        .layer(telemetry::capa_propagar_id())
        .layer(middleware::from_fn_with_state(
            state.proxies_confiables.clone(),
            telemetry::poner_id,
        ))
        .with_state(state)
}

/// After a write the API answered as done (its transaction committed), the webhook outbox is
/// looked at at once: a change reaches its endpoints without waiting for the period.
async fn timbre_tras_escribir(
    State(timbre): State<Arc<tokio::sync::Notify>>,
    req: Request,
    next: Next,
) -> Response {
    let escritura =
        req.method() != axum::http::Method::GET && req.method() != axum::http::Method::HEAD;
    let respuesta = next.run(req).await;
    if escritura && respuesta.status().is_success() {
        timbre.notify_one();
    }
    respuesta
}

/// API answers hold staff and guests' data and change with every write: no browser or proxy may
/// keep a copy (a cached answer would outlive the session that fetched it).
async fn sin_cache_en_api(req: Request, next: Next) -> Response {
    let es_api = req.uri().path().starts_with("/api");
    let mut respuesta = next.run(req).await;
    if es_api {
        respuesta
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    respuesta
}

/// Every answer's `Date` is the server's clock, which the console follows (a tablet whose own
/// clock is off still suggests the right buffet, and a demonstration's time is everyone's).
async fn fecha_del_reloj(
    State(reloj): State<crate::reloj::Reloj>,
    req: Request,
    next: Next,
) -> Response {
    let mut respuesta = next.run(req).await;
    let fecha = reloj
        .ahora()
        .format("%a, %d %b %Y %H:%M:%S GMT")
        .to_string();
    if let Ok(valor) = HeaderValue::from_str(&fecha) {
        respuesta.headers_mut().insert(header::DATE, valor);
    }
    respuesta
}

fn panico(err: Box<dyn Any + Send + 'static>) -> Response {
    let detalle = err
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| err.downcast_ref::<&str>().copied())
        .unwrap_or("pánico sin mensaje");
    tracing::error!(detalle, "pánico en un manejador");
    ApiError::Panico.into_response()
}
