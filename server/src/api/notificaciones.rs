//! `/api/v1/admin/notifications`: the bell's list, marking one read, and the live stream
//! (Server-Sent Events, read with `fetch` so the bearer header goes along).

use std::convert::Infallible;
use std::time::Duration;

use anfitrion_core::bitacora::Accion;
use anfitrion_core::permisos::requiere;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use chrono::{DateTime, Utc};
use futures_util::stream::{self, Stream, StreamExt};
use tokio_stream::wrappers::BroadcastStream;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{en_alcance, Con, SucursalEnAlcance};
use crate::db::avisos::{Lista, Senal};
use crate::db::bitacora::{Cambio, Entidad};
use crate::db::reservaciones::Notificacion;
use crate::envelope::Envelope;
use crate::error::{ApiError, EnvelopeError, Result};
use crate::estado::AppState;
use crate::extract::Path;

/// How many of the latest notifications the bell lists.
pub const ULTIMAS: u32 = 100;
/// A comment line this often keeps proxies from closing a quiet stream.
const LATIDO: Duration = Duration::from_secs(15);
/// How soon a console reconnects after a stream ends because its instance is stopping.
const RECONECTAR: Duration = Duration::from_millis(500);

/// Whether a notification is read, as its entry holds it.
#[derive(serde::Serialize)]
struct Leida {
    #[serde(rename = "isRead")]
    is_read: bool,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(listar))
        .routes(routes!(leer))
        .routes(routes!(flujo))
}

/// The event id of a notification: its creation instant in microseconds, so a reconnecting
/// console asks for what came after the last one it saw.
fn id_evento(n: &Notificacion) -> String {
    n.created_at.timestamp_micros().to_string()
}

fn evento(n: &Notificacion) -> Event {
    Event::default()
        .event("notificacion")
        .id(id_evento(n))
        .data(serde_json::to_string(n).expect("una notificación es JSON"))
}

/// The branch's latest notifications, newest first.
#[utoipa::path(
    operation_id = "listar_notificaciones",
    get, path = "/api/v1/admin/notifications", tag = "notificaciones", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal")),
    responses(
        (status = 200, description = "Notificaciones", body = Envelope<Vec<Notificacion>>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservaciones.index, o sucursal ajena", body = EnvelopeError),
    )
)]
async fn listar(
    State(state): State<AppState>,
    _permiso: Con<requiere::ReservacionesIndex>,
    SucursalEnAlcance { tag, alcance }: SucursalEnAlcance,
) -> Result<Envelope<Vec<Notificacion>>> {
    let lista = state
        .store
        .notificaciones_de(&alcance, &tag, ULTIMAS)
        .await?;
    Ok(Envelope::ok("Notificaciones", lista))
}

/// Marks a notification read.
#[utoipa::path(
    operation_id = "leer_notificacion",
    put, path = "/api/v1/admin/notifications/{id}", tag = "notificaciones", security(("token" = [])),
    params(("id" = String, Path, description = "`_id` de la notificación")),
    responses(
        (status = 200, description = "Notificación leída", body = Envelope<Notificacion>),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservaciones.index, o de otra sucursal", body = EnvelopeError),
        (status = 404, description = "No existe", body = EnvelopeError),
    )
)]
async fn leer(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionesIndex>,
    Path(id): Path<String>,
) -> Result<Envelope<Notificacion>> {
    let cambio = Cambio::de(&usuario, Entidad::Notificacion, &id, Accion::Leer)
        .antes(&Leida { is_read: false })
        .despues(&Leida { is_read: true });
    let n = en_alcance(
        state
            .store
            .leer_notificacion_en(&usuario.alcance(), &id, &cambio)
            .await?,
        "la notificación",
    )?;
    Ok(Envelope::ok("Notificación leída", n))
}

/// New notifications of the branch as they happen (`event: notificacion`, `data`: one
/// Notificacion). With `Last-Event-ID`, first what came after that event. To those who may read
/// the floor, `event: salon` (`data`: the branch's tag) when a table opens, frees or moves; to
/// those with `impresion.index`, `event: impresion` when a ticket of the branch changes state.
#[utoipa::path(
    operation_id = "flujo_notificaciones",
    get, path = "/api/v1/admin/notifications/stream", tag = "notificaciones", security(("token" = [])),
    params(("tag" = String, Query, description = "Sucursal"), ("Last-Event-ID" = Option<String>, Header, description = "El último evento recibido")),
    responses(
        (status = 200, description = "Flujo de eventos (text/event-stream)", content_type = "text/event-stream", body = String),
        (status = 401, description = "Sin sesión", body = EnvelopeError),
        (status = 403, description = "Sin el permiso reservaciones.index, o sucursal ajena", body = EnvelopeError),
        (status = 429, description = "La cuenta tiene demasiados flujos abiertos", body = EnvelopeError),
    )
)]
async fn flujo(
    State(state): State<AppState>,
    Con(usuario, ..): Con<requiere::ReservacionesIndex>,
    SucursalEnAlcance { tag, alcance }: SucursalEnAlcance,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let abierto = state.eventos.abrir_flujo(&usuario.id).ok_or_else(|| {
        tracing::warn!(usuario = %usuario.id, "flujo de avisos rechazado: la cuenta tiene todos los que le tocan");
        ApiError::DemasiadosFlujos
    })?;
    // A table opened, freed or moved in the branch (`event: salon`) reaches those who see the floor.
    let ve_salon = crate::api::piso::ve_el_piso(&usuario);
    // A ticket of the branch queued, printed, failed or expired (`event: impresion`).
    let ve_impresion = usuario.tiene_permiso(anfitrion_core::permisos::Permiso::ImpresionIndex);
    // A guest confirmed, cancelled or changed a reservation (`event: reservaciones`); the
    // waitlist changed (`event: espera`), for those who keep it.
    let ve_espera = usuario.tiene_permiso(anfitrion_core::permisos::Permiso::EsperaIndex);
    // Subscribe before catching up, so nothing falls between the two.
    let vivos = BroadcastStream::new(state.eventos.suscribir());
    let desde = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok())
        .and_then(DateTime::<Utc>::from_timestamp_micros);
    let perdidas = match desde {
        Some(desde) => {
            state
                .store
                .notificaciones_desde(&alcance, &tag, desde)
                .await?
        }
        None => Vec::new(),
    };
    let ya: std::collections::HashSet<String> = perdidas.iter().map(|n| n.id.clone()).collect();
    let previas = stream::iter(perdidas.iter().map(evento).map(Ok).collect::<Vec<_>>());
    let nuevas = vivos.filter_map(move |aviso| {
        // The stream holds its place in the user's count until the client goes away.
        let _abierto = &abierto;
        let listo = match aviso {
            Ok(Senal::Aviso(a)) if a.tag == tag.as_str() && !ya.contains(&a.notificacion.id) => {
                Some(Ok(evento(&a.notificacion)))
            }
            Ok(Senal::Salon(t)) if ve_salon && t == tag.as_str() => {
                Some(Ok(Event::default().event("salon").data(t)))
            }
            Ok(Senal::Impresion(t)) if ve_impresion && t == tag.as_str() => {
                Some(Ok(Event::default().event("impresion").data(t)))
            }
            Ok(Senal::Lista(l, t)) if t == tag.as_str() && (l != Lista::Espera || ve_espera) => {
                Some(Ok(Event::default().event(l.evento()).data(t)))
            }
            _ => None,
        };
        async move { listo }
    });
    // A first comment at once: proxies that hold headers until the first byte open the stream now.
    let saludo = stream::once(async { Ok(Event::default().comment("conectado")) });
    // When the instance stops, the stream says so (`event: reconectar`, with a short `retry`) and
    // ends: the console reconnects at once, through the proxy to another instance.
    let nuevas = nuevas.take_until(state.eventos.al_apagar());
    let adios = stream::once(async {
        Ok(Event::default()
            .event("reconectar")
            .retry(RECONECTAR)
            .data("el servidor se reinicia"))
    });
    Ok(Sse::new(saludo.chain(previas).chain(nuevas).chain(adios))
        .keep_alive(KeepAlive::new().interval(LATIDO)))
}
